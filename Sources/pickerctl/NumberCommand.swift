import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

/// `pickerctl number`: a number on a scale, as `zenity --scale`; prints it
/// as pickerd normalized it (on the grid, with the decimals of min and step).
struct NumberCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.number.name,
        abstract: "Ask for a number from --min to --max in steps; prints it, e.g. 42 or 0.3.")

    @OptionGroup var common: AskOptions

    // .unconditional: a bound may be negative (--min -10).
    @Option(parsing: .unconditional, help: ArgumentHelp("The smallest value.", valueName: "number"))
    var min: ScaleNumber
    @Option(parsing: .unconditional, help: ArgumentHelp("The largest value.", valueName: "number"))
    var max: ScaleNumber
    @Option(help: ArgumentHelp("Values are min + k·step (default 1).", valueName: "number"))
    var step: ScaleNumber?
    @Option(parsing: .unconditional, help: ArgumentHelp("Where the scale starts (default --min).", valueName: "number"))
    var initial: ScaleNumber?
    @Option(help: ArgumentHelp("A short label shown after the number, e.g. % or MiB.", valueName: "label"))
    var unit: String?

    func run() async throws {
        var options = JSONObject([NumberOption.min: min.json, NumberOption.max: max.json])
        if let step { options[NumberOption.step] = step.json }
        if let initial { options[NumberOption.initial] = initial.json }
        if let unit { options[NumberOption.unit] = .string(unit) }
        try await common.ask(kind: .number, options: options, flags: OptionFlags(NumberOption.self))
    }
}

/// A number as typed on the command line, sent as written: `5` as an
/// integer, `0.1` as a decimal, so the scale's decimals are the person's.
struct ScaleNumber: ExpressibleByArgument {
    let json: JSON

    init?(argument: String) {
        guard let number = Double(argument), number.isFinite,
            argument.allSatisfy({ "0123456789+-.eE".contains($0) })
        else { return nil }
        json = Int64(argument).map(JSON.integer) ?? .double(number)
    }
}
