import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `choose`: one column of choices (kind `list`), as `gum choose` offers them.
struct ChooseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "choose",
        abstract: "Ask for one of several choices, or several with --multiple; prints each chosen one on its own line.",
        discussion: """
            The choices are the arguments or, when none are given, the lines of standard input \
            (a pipe or a file, not a terminal). Blank choices (empty, or only spaces and tabs) \
            are left out, and one given twice is offered once; a choice is otherwise kept as \
            it is. The chosen ones are printed in list order, one a line; with --multiple and \
            nothing picked, nothing is printed (exit 0). --default is one choice. --header \
            puts a line above the choices and --height shows at most that many at once, \
            as gum's do.
              git branch --format='%(refname:short)' | pickerctl choose --title Branch
              pickerctl choose --multiple --min 1 api web worker
              pickerctl choose --header 'Hosts in eu-west' --height 5 web1 web2 db1 cache1
            """)

    @OptionGroup var common: AskOptions

    @Argument(help: ArgumentHelp("The choices; without any, one per line from standard input.", valueName: "choice"))
    var choices: [String] = []
    @Option(help: ArgumentHelp("With --multiple: the fewest to pick (default 0).", valueName: "n"))
    var min: Int?
    @Option(help: ArgumentHelp("With --multiple: the most to pick (default all).", valueName: "n"))
    var max: Int?
    @Flag(help: "Let several be picked (a checklist).")
    var multiple = false
    @Option(
        help: ArgumentHelp(
            "A choice picked at the start (the highlighted one); with --multiple repeatable, each ticked.",
            valueName: "choice"))
    var selected: [String] = []
    @Option(help: ArgumentHelp("A line shown above the choices.", valueName: "text"))
    var header: String?
    // .unconditional: --height -3 is refused with its sentence, not as a missing value.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("The most choices shown at once (default: as many as fit).", valueName: "n"))
    var height: Int?

    func validate() throws {
        if let height, height < 1 { throw ValidationError("--height must be 1 or more") }
        if !multiple, min != nil || max != nil { throw ValidationError("--min and --max need --multiple") }
        if let min, min < 0 { throw ValidationError("--min must be 0 or more") }
        if let max, max < 1 { throw ValidationError("--max must be 1 or more") }
        if !multiple, selected.count > 1 { throw ValidationError("--selected more than once needs --multiple") }
        if let min, let max, min > max {
            throw ValidationError("--min (\(min)) must not be greater than --max (\(max))")
        }
    }

    func run() async throws {
        let offered = Self.distinctChoices(choices.isEmpty ? try Self.linesOfStandardInput() : choices)
        guard !offered.isEmpty else {
            throw ValidationError("no choices: give them as arguments or one per line on standard input")
        }
        var options = JSONObject([ListOption.choices: .array(offered.map(JSON.string))])
        if multiple { options[ListOption.multiple] = true }
        if let min { options[ListOption.min] = .integer(Int64(min)) }
        if let max { options[ListOption.max] = .integer(Int64(max)) }
        if !selected.isEmpty { options[ListOption.initial] = .array(selected.map(JSON.string)) }
        if let header { options[ListOption.header] = .string(header) }
        if let height { options[ListOption.height] = .integer(Int64(height)) }
        let json = common.json
        // --default is one choice: a list takes a bare choice as an array of one.
        let flags = OptionFlags(ListOption.self, renamed: [.initial: "--selected"], unflagged: [.choices, .values])
        try await common.ask(
            kind: .list, options: options, flags: flags, finishing: { outcome in Self.finish(outcome, json: json) })
    }

    /// The choices without blank ones, each once, in their first place.
    static func distinctChoices(_ given: [String]) -> [String] {
        var seen = Set<String>()
        return given.filter { choice in
            !choice.allSatisfy { $0 == " " || $0 == "\t" } && seen.insert(choice).inserted
        }
    }

    /// Standard input's lines (a CR before the line break dropped), read to its end.
    static func linesOfStandardInput() throws -> [String] {
        if isatty(0) == 1 {
            throw ValidationError("no choices: give them as arguments or pipe them in, one per line")
        }
        let bytes: [UInt8]
        switch POSIX.readAll(from: 0) {
        case .success(let read?): bytes = read
        case .success(nil): throw ValidationError("standard input holds more choices than pickerd takes in one request")
        case .failure(let failure): throw ValidationError("cannot read standard input: \(failure.message)")
        }
        // Cut at bytes: to String, CR LF is one character.
        return try bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            guard let text = String(validating: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self) else {
                throw ValidationError("standard input is not UTF-8 text")
            }
            return text
        }
    }

    /// Each chosen string on its own line; the rest as every asking command ends.
    static func finish(_ outcome: Outcome, json: Bool) -> Int32 {
        guard !json, outcome.reason == .submitted || outcome.reason == .timeout, let chosen = outcome.value?.arrayValue
        else {
            return OutcomePrinting.finish(outcome, kind: nil, json: json, separator: "\n")
        }
        for choice in chosen { printLine(choice.stringValue ?? choice.serialized()) }
        return ExitStatus.submitted
    }
}
