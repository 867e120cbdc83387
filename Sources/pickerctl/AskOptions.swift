import ArgumentParser

#if canImport(Glibc)
import Glibc
#endif
import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem

/// The options every asking command takes.
struct AskOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Option(help: "The window's title.")
    var title: String?

    @Option(help: "A longer text shown under the title.")
    var message: String?

    @Option(help: ArgumentHelp("normal, statusBar, alert, a configured name, or an integer.", valueName: "level"))
    var level: String?

    @Option(
        help: ArgumentHelp("End the window after this long: 500ms, 30s, 5m, 1h, 2d, 1h30m or seconds; 0 for none.", valueName: "duration"),
        transform: DurationArgument.parse)
    var timeout: DurationArgument?

    @Option(name: .customLong("default"), help: ArgumentHelp("The value to use when the timeout passes.", valueName: "value"))
    var defaultValue: String?

    @Option(help: "A label for finding the window later.")
    var tag: String?

    @Flag(help: "Print the whole outcome as JSON instead of the value.")
    var json = false

    @Flag(name: .customLong("no-wait"), help: "Print the window's id and exit at once; `pickerctl wait ID` collects the value.")
    var noWait = false

    @Option(
        name: .customLong("on-disconnect"),
        help: ArgumentHelp(
            "What becomes of the window if pickerctl dies while it waits: dismiss (the default: it ends a few seconds later, windows.reattach_ms) or keep. With --no-wait the window is kept.",
            valueName: "keep|dismiss"))
    var onDisconnect: String?

    @OptionGroup var reconnection: ReconnectOption

    func validate() throws {
        if let onDisconnect, onDisconnect != "keep", onDisconnect != "dismiss" {
            throw ValidationError("--on-disconnect must be keep or dismiss")
        }
        if noWait, json {
            throw ValidationError("--no-wait prints only the window id; leave out --json")
        }
    }
}

extension AskOptions {
    /// Presents a window of `kind` and, unless --no-wait, waits for it and prints its value.
    /// `formatsByKind: false` prints the value by its shape alone (for kinds
    /// pickerctl does not know, such as presets). `finishing`, when given,
    /// prints the outcome and says the exit status instead (confirm, choose).
    func ask(
        kind: String, options: JSONObject, separator: String = "\t", formatsByKind: Bool = true,
        parsingDefault: (String) throws -> JSON = { .string($0) }, finishing: ((Outcome) -> Int32)? = nil
    ) async throws {
        try await runCommand {
            // While pickerctl waits, its window ends soon after it dies
            // (dismiss); a window left for later (--no-wait) is kept.
            let policy = onDisconnect.flatMap(DisconnectPolicy.init(rawValue:)) ?? (noWait ? .keep : .dismiss)
            let presentation = Presentation(
                kind: kind, title: title, message: message, level: level.map { LevelSpec($0) },
                options: options, timeoutMilliseconds: timeout?.nonZero?.milliseconds,
                defaultValue: try defaultValue.map(parsingDefault), tag: tag, onDisconnect: policy)
            let client = try global.connect()
            defer { client.close() }
            let window = try await client.present(presentation).window
            if noWait {
                printLine(window.rawValue)
                return ExitStatus.submitted
            }
            let outcome = try await reconnection.outcome(of: window, from: client)
            if let finishing { return finishing(outcome) }
            return OutcomePrinting.finish(outcome, kind: formatsByKind ? kind : nil, json: json, separator: separator)
        }
    }
}

/// Reads a JSON argument, or fails with a usage error naming the flag.
func parseJSONArgument(_ text: String, flag: String) throws -> JSON {
    do {
        return try JSON.parse(text)
    } catch {
        throw CommandFailure(status: ExitStatus.usage, "\(flag) is not valid JSON: \(error)")
    }
}

/// A whole text file, or nil when it cannot be read.
func readTextFile(_ path: String) -> String? {
    POSIX.text(of: path)
}
