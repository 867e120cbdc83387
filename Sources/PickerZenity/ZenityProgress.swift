import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `--progress`: a `progress` window moved by standard input as zenity reads
/// it (a number line the percentage, `#text` the text; `ProgressInput`,
/// shared with `pickerctl progress`). zenity prints nothing. The person's
/// Cancel exits 1 at once (with `--auto-kill` after a SIGHUP to the parent,
/// as zenity sends). At the end of input `--auto-close` exits 0; without it
/// zenity's window stays, its Cancel greyed, until the person presses OK:
/// here the progress ends full and an OK sheet (`--ok-label`) follows, whose
/// OK exits 0 and whose closing exits 1.
struct ZenityProgress: ZenityDialog {
    /// The window's options: `--pulsate`, `--auto-close`, and no Cancel with `--no-cancel`.
    let options: JSONObject
    /// Where the bar starts: `--percentage` (clamped), else empty; no percentage while pulsating.
    let start: ProgressState
    /// `--auto-kill`: the parent is hung up on when the person cancels.
    let killsParentOnCancel: Bool
    /// The sheet shown once input has ended without `--auto-close`.
    let finished: ZenityMessage

    init(_ commandLine: ZenityCommandLine) {
        let pulsates = commandLine.has("pulsate")
        options = JSONObject([
            ProgressOption.pulsate: .bool(pulsates), .autoClose: .bool(commandLine.has("auto-close")),
            .cancellable: .bool(!commandLine.has("no-cancel")),
        ])
        let percentage = commandLine.integer("percentage").map { Double(min(max($0, 0), 100)) }
        start = ProgressState(percent: pulsates ? nil : percentage ?? 0)
        killsParentOnCancel = commandLine.has("auto-kill")
        finished = ZenityMessage(.info, commandLine)
    }

    /// `--auto-close`: the end of input (or 100) ends it, with no OK to wait for.
    var closesAtEnd: Bool { options[ProgressOption.autoClose] == true }
    var kind: BuiltInKind { .progress }
    var defaultTitle: String { "Progress" }
    var initialValue: JSON? { nil }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        ZenityAnswer("", status: timedOut ? ZenityAnswer.timedOut : ZenityAnswer.ok)
    }

    /// Shows `window`, follows standard input until the window or the input
    /// ends, then, without `--auto-close`, the OK sheet.
    func ask(in window: ZenityWindow, socketPath: String?, name: String) async throws -> ZenityAnswer {
        let began = ContinuousClock.now
        let client = try PickerClient.connect(socketPath: socketPath)
        defer { client.close() }
        let limits = try await client.hello(client: name)
        let shown: WindowSummary
        switch try await client.send(window.presentation(limits: limits)) {
        case .window(let summary): shown = summary
        case .outcome(let outcome): return window.answer(to: outcome)
        }
        if (start.percent ?? 0) > 0 { try await client.start(start, of: shown.window) }
        // zenity ignores a line it cannot read without a word.
        let input = ProgressInput(descriptor: 0, start: start, warn: { _ in })
        let outcome = try await withThrowingTaskGroup(of: Outcome?.self) { group in
            group.addTask { try await client.wait(window: shown.window) }
            group.addTask { try await client.follow(input, window: shown.window) }
            var first: Outcome? = nil
            while first == nil, let next = try await group.next() { first = next }
            group.cancelAll()
            return first
        }
        guard let outcome else { throw PickerClientError.disconnected(reason: "the window ended without an outcome") }
        if outcome.reason == .cancelled, killsParentOnCancel {
            // zenity's --auto-kill: kill(getppid(), 1), the script that runs it.
            kill(getppid(), SIGHUP)
        }
        guard outcome.reason == .submitted, !closesAtEnd else { return window.answer(to: outcome) }
        return try await askFinished(
            window, text: input.current.state.text, remaining: began.duration(to: .now), client: client,
            limits: limits)
    }

    /// The OK sheet after input ended: the progress's last text (else
    /// `--text`) as its message, within what is left of `--timeout`.
    private func askFinished(
        _ window: ZenityWindow, text: String?, remaining elapsed: Duration, client: PickerClient, limits: HelloReply
    ) async throws -> ZenityAnswer {
        var sheet = window
        sheet.dialog = finished
        sheet.title = window.title ?? defaultTitle
        sheet.text = text ?? window.text
        var presentation = sheet.presentation(limits: limits)
        if let seconds = window.timeoutSeconds {
            let (whole, fraction) = elapsed.components
            let spent = whole * 1000 + fraction / 1_000_000_000_000_000
            presentation.timeoutMilliseconds = max(1, Int64(seconds) * 1000 - spent)
        }
        let outcome: Outcome
        switch try await client.send(presentation) {
        case .window(let summary): outcome = try await client.wait(window: summary.window)
        case .outcome(let ended): outcome = ended
        }
        return sheet.answer(to: outcome)
    }
}
