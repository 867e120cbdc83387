import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

/// `pickerctl progress`: a progress window moved by standard input, as
/// `zenity --progress` (DESIGN.md): a number line sets the percentage, a
/// `#text` line the text. At the end of input it submits and exits 0; when
/// the person cancels it exits 1 at once, so the writer of a pipe gets SIGPIPE.
struct ProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: BuiltInKind.progress.name,
        abstract:
            "Show progress read from standard input, as zenity --progress: a number sets the percentage, #text the text.",
        discussion:
            "Exits 0 when input ends (the window is submitted with the last value), 1 as soon as the person cancels. A line that is neither is ignored with a warning."
    )

    @OptionGroup var common: AskOptions

    @Option(help: ArgumentHelp("The percentage to start at, 0 to 100.", valueName: "N"))
    var percentage: Double?
    @Flag(help: "No percentage is known: a moving bar (a 100 line still ends it with --auto-close).")
    var pulsate = false
    @Flag(help: "End the window (submitted) when 100 is reached.") var autoClose = false
    @Flag(help: "The person may not cancel it.") var noCancel = false

    func validate() throws {
        if let percentage, !(0...100).contains(percentage) {
            throw ValidationError("--percentage must be from 0 to 100")
        }
        if common.noWait {
            throw ValidationError("--no-wait does not fit progress, which reads its input until it ends")
        }
        if common.defaultValue != nil || common.defaultJSON != nil {
            throw ValidationError("a progress has no default: its value is how far the input has come")
        }
    }

    func run() async throws {
        try await runCommand {
            let client = try common.global.connect()
            defer { client.close() }
            var options = JSONObject([ProgressOption.pulsate: .bool(pulsate), .autoClose: .bool(autoClose)])
            if noCancel { options[ProgressOption.cancellable] = false }
            let summary = try await client.present(
                Presentation(
                    kind: BuiltInKind.progress.name, title: common.title, message: common.message,
                    level: common.level.map { LevelSpec($0) }, options: options,
                    timeoutMilliseconds: common.timeout?.nonZero?.milliseconds, tag: common.tag,
                    onDisconnect: common.onDisconnect.flatMap(DisconnectPolicy.init(rawValue:)) ?? .dismiss))
            var start = ProgressState(percent: pulsate ? nil : 0)
            if let percentage {
                start.percent = percentage
                try await client.start(start, of: summary.window)
            }
            let input = ProgressInput(descriptor: 0, start: start, warn: printError)
            guard let outcome = try await Self.outcome(of: summary, following: input, with: client, common: common)
            else { return ExitStatus.interrupted }
            if common.json { printLine(outcome.json.serialized()) }
            return outcome.reason == .submitted ? ExitStatus.submitted : ExitStatus.ended
        }
    }

    /// Whichever comes first: the window ends (a cancel, auto-close), or
    /// input ends and pickerctl submits. nil after Ctrl-C in the inline picker.
    /// A lost connection in the mover does not decide: after a restart the
    /// wait closes the connection the mover sends on as it returns the
    /// outcome, so the wait's outcome (or error) is taken instead.
    private static func outcome(
        of summary: WindowSummary, following input: ProgressInput, with client: PickerClient, common: AskOptions
    ) async throws -> Outcome? {
        let connections = AskerConnections()
        /// What a child gives: nil for a mover that lost its connection.
        typealias Ending = Outcome??
        return try await withThrowingTaskGroup(of: Ending.self) { group in
            group.addTask {
                try await common.outcome(
                    of: summary, from: client, readsStandardInput: true, handingOnTo: connections)
            }
            group.addTask {
                do {
                    return try await client.follow(input, window: summary.window, following: connections)
                } catch PickerClientError.disconnected {
                    return nil  // Left to the wait, which reconnects or says why it cannot.
                }
            }
            defer { group.cancelAll() }
            while let ending = try await group.next() {
                if let decided = ending { return decided }
            }
            return nil
        }
    }
}
