import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The options every asking command takes.
struct AskOptions: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Option(help: "The window's title.")
    var title: String?

    @Option(help: "A longer text shown under the title.")
    var message: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("normal, statusBar, alert, a configured name, or an integer (-5 too).", valueName: "level"))
    var level: String?

    @Option(
        help: ArgumentHelp(
            "End the window after this long: 500ms, 30s, 5m, 1h, 2d, 1h30m or seconds; 0 for none.",
            valueName: "duration"),
        transform: DurationArgument.parse)
    var timeout: DurationArgument?

    @Option(
        name: .customLong("default"), parsing: .unconditional,
        help: ArgumentHelp(
            "The value to use when the timeout passes, typed as submit takes it: the text (--default null is the text null), the date, the action's label, a custom picker's choices joined by --separator.",
            valueName: "value"))
    var defaultValue: String?

    @Option(
        name: .customLong("default-json"), parsing: .unconditional,
        help: ArgumentHelp(
            "The default as JSON, as the kind's value is: '[\"prod\",\"eu\"]'. Not with --default.", valueName: "json"))
    var defaultJSON: String?

    @Option(help: "A label for finding the window later.")
    var tag: String?

    @Flag(help: "Print the whole outcome as JSON instead of the value.")
    var json = false

    @Flag(help: "Print the window's id and exit at once; `pickerctl wait ID` collects the value.")
    var noWait = false

    @Option(
        help: ArgumentHelp(
            "What becomes of the window if pickerctl dies while it waits: dismiss (the default: it ends a few seconds later, windows.reattach_ms) or keep. With --no-wait the window is kept.",
            valueName: "keep|dismiss"))
    var onDisconnect: String?

    @OptionGroup var reconnection: ReconnectOption

    @OptionGroup var inline: InlineOption

    /// Refuses `flag` beside --json: each says how the answer is printed.
    /// `printing` is what `flag` prints, `jsonPrints` what --json prints instead.
    func refuseJSON(beside flag: String, given: Bool, printing: String, jsonPrints: String) throws {
        if given, json { throw ValidationError("\(flag) prints \(printing); --json prints \(jsonPrints): give one") }
    }

    func validate() throws {
        if let onDisconnect, onDisconnect != "keep", onDisconnect != "dismiss" {
            throw ValidationError("--on-disconnect must be keep or dismiss")
        }
        if defaultValue != nil, defaultJSON != nil {
            throw ValidationError("give --default (the value as typed) or --default-json, not both")
        }
        if let defaultJSON, (try? JSON.parse(defaultJSON)) == .null {
            throw ValidationError("--default-json null is not a default; leave --default-json out for no default")
        }
        if noWait, json {
            throw ValidationError("--no-wait prints only the window id; leave out --json")
        }
    }
}

extension AskOptions {
    /// Presents a window of a built-in `kind` and, unless --no-wait, waits
    /// for it and prints its value as the kind's descriptor prints it.
    /// `flags` name the options the command sets from its flags, for pickerd's
    /// messages. `finishing`, when given, prints the outcome and says the exit
    /// status instead (confirm, choose).
    /// `answeringRequests`: this pickerctl answers pickerd's own requests
    /// for the window (`browse`, for `file`), and says so (`browsable`).
    /// `moving`: what moves the window for its asker while it waits (a
    /// form's progress field fed by standard input), given the client, the
    /// window and the connections that take it back after a restart of
    /// pickerd (--reconnect); cancelled once the window ends.
    func ask(
        kind: BuiltInKind, options: JSONObject, flags: OptionFlags = .none, separator: String = "\t",
        answeringRequests: RequestHandler? = nil, finishing: ((Outcome) -> Int32)? = nil,
        moving: (@Sendable (PickerClient, WindowID, AskerConnections) async -> Void)? = nil
    ) async throws {
        try await ask(
            kindNamed: kind.name, known: kind, options: options, flags: flags, separator: separator,
            answeringRequests: answeringRequests, finishing: finishing, moving: moving)
    }

    /// Presents a window of any kind, such as a preset (`present`): its value
    /// is printed by its shape alone, and --default is read by the kind's
    /// base, which pickerd tells.
    func ask(kindNamed kind: String, options: JSONObject) async throws {
        try await ask(
            kindNamed: kind, known: nil, options: options, flags: .none, separator: "\t", answeringRequests: nil,
            finishing: nil, moving: nil)
    }

    private func ask(
        kindNamed kind: String, known: BuiltInKind?, options: JSONObject, flags: OptionFlags, separator: String,
        answeringRequests: RequestHandler?, finishing: ((Outcome) -> Int32)?,
        moving: (@Sendable (PickerClient, WindowID, AskerConnections) async -> Void)?
    ) async throws {
        try await runCommand {
            let client = try global.connect()
            defer { client.close() }
            client.answerRequests(with: answeringRequests)
            // While pickerctl waits, its window ends soon after it dies
            // (dismiss); a window left for later (--no-wait) is kept.
            let policy = onDisconnect.flatMap(DisconnectPolicy.init(rawValue:)) ?? (noWait ? .keep : .dismiss)
            let presentation = Presentation(
                kind: kind, title: title, message: message, level: level.map { LevelSpec($0) },
                options: options, timeoutMilliseconds: timeout?.nonZero?.milliseconds,
                defaultValue: try await shapedDefault(kind: kind, known: known, separator: separator, client: client),
                tag: tag, onDisconnect: policy, browsable: answeringRequests != nil)
            let summary: WindowSummary
            do {
                summary = try await client.present(presentation)
            } catch PickerClientError.rpc(let refusal) where refusal.code == .invalidParams {
                // Every param came from a flag: a refusal is a usage error.
                let sentence = flags.sentence(
                    for: refusal, defaultFlag: defaultJSON == nil ? "--default" : "--default-json")
                let typed = defaultValue != nil && defaultJSON == nil
                throw CommandFailure(
                    status: ExitStatus.usage,
                    typed ? ValueShaping.naming(ValueShaping.separatorHint(separator), in: sentence) : sentence)
            }
            let window = summary.window
            if noWait {
                printLine(window.rawValue)
                return ExitStatus.submitted
            }
            let connections = AskerConnections()
            let mover = moving.map { move in Task { await move(client, window, connections) } }
            defer { mover?.cancel() }
            guard
                let outcome = try await outcome(
                    of: summary, from: client, readsStandardInput: mover != nil, handingOnTo: connections)
            else {
                return ExitStatus.interrupted
            }
            if let finishing { return finishing(outcome) }
            return OutcomePrinting.finish(outcome, kind: known, json: json, separator: separator)
        }
    }

    /// The window's outcome: answered in place (`InlinePicker`), or waited
    /// for after a one-line hint of how to answer it. nil after Ctrl-C in
    /// the inline picker, which cancelled the window.
    /// `connections`: given each connection that takes the window back
    /// after a restart (`AskerConnections`).
    func outcome(
        of summary: WindowSummary, from client: PickerClient, readsStandardInput: Bool = false,
        handingOnTo connections: AskerConnections? = nil
    ) async throws -> Outcome? {
        let reconnection = self.reconnection
        guard
            let picker = try inline.picker(
                for: summary, socketPath: client.socketPath, readsStandardInput: readsStandardInput)
        else {
            WaitingHint.show(for: summary)
            return try await reconnection.outcome(of: summary.window, from: client, handingOnTo: connections)
        }
        let waiting = Task {
            try await reconnection.outcome(of: summary.window, from: client, handingOnTo: connections)
        }
        defer { waiting.cancel() }
        switch try await picker.run(until: waiting) {
        case .ended(let outcome): return outcome
        case .interrupted: return nil
        }
    }

    /// --default in the shape of the kind's values (of its base, which pickerd
    /// tells, when pickerctl does not know the kind), or --default-json.
    private func shapedDefault(kind: String, known: BuiltInKind?, separator: String, client: PickerClient) async throws
        -> JSON?
    {
        if let defaultJSON { return try parseJSONArgument(defaultJSON, flag: "--default-json") }
        guard let defaultValue else { return nil }
        var shape = known
        if shape == nil, let described = try await client.plugins().first(where: { $0.kind == kind }) {
            shape = described.builtInKind
        }
        return try ValueShaping.value(typed: defaultValue, shape: shape, kind: kind, separator: separator)
    }
}

/// Reads a JSON argument, or fails with a usage error naming the flag.
func parseJSONArgument(_ text: String, flag: String) throws -> JSON {
    do {
        return try JSON.parse(text)
    } catch {
        // Counted from 1, as a person counts: the first byte is byte 1; at the end, no place.
        let place = error.offset < text.utf8.count ? " at byte \(error.offset + 1)" : ""
        throw CommandFailure(status: ExitStatus.usage, "\(flag) is not valid JSON: \(error.reason)\(place)")
    }
}

/// A whole text file, or nil when it cannot be read.
func readTextFile(_ path: String) -> String? {
    POSIX.text(of: path)
}
