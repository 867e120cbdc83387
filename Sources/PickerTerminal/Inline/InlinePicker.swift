import CPickerTerminal
import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// An asking command's window answered right where the command runs, as
/// gum and fzf do: `pickerctl ui`'s view of that one window, with its keys,
/// drawn on the terminal (/dev/tty, so standard output may be captured by
/// `$(...)`) below what is there, without the alternate screen.
///
/// The window stays in pickerd's queue: whichever answer comes first counts
/// (here, `pickerctl ui`, the web page, a script), and the asking command's
/// own wait says which. While another window is key (an alert took over) or
/// quiet hours hold this one, it says so and ignores keys; when it is key
/// again, keys wait a moment (the takeover grace). Ctrl-C cancels it.
public final class InlinePicker {
    /// How running the picker ended.
    public enum Ending: Sendable {
        /// The window ended, here or elsewhere: its outcome, as the wait saw it.
        case ended(Outcome)
        /// Ctrl-C: the window was cancelled here (exit 130).
        case interrupted
    }

    /// /dev/tty, opened for reading and writing.
    private let terminal: Int32
    private let socketPath: String
    private let takeoverGrace: Int64
    private var window: WindowSummary
    private var screen = InlineScreen()
    private var decoder = KeyDecoder()
    private var client: PickerClient?
    private var connectionProblem: String? = "connecting to pickerd…"
    private var view: (any PickerView)?
    private var message: String?
    private var scroll = MessageScroll()
    /// The key window when it is another one.
    private var ahead: WindowSummary?
    private var quiet: QuietHours?
    private var notice: String?
    /// Until when keys are ignored (ms), after the window is key again.
    private var graceUntil: Int64 = 0
    private var lastSecond: Int64 = -1
    /// Keys typed before the view could be drawn (pickerd still answering):
    /// pressed once it is, as typing ahead in a shell is.
    private var typedAhead: [Key] = []

    /// The picker for `window`, or nil when there is no terminal to draw on
    /// (no /dev/tty: a cron job, a service), for the caller's hint instead.
    /// `socketPath` is the daemon's, for the picker's own connection.
    public static func open(window: WindowSummary, socketPath: String, takeoverGrace: Int64 = 1000) -> InlinePicker? {
        let terminal = Glibc.open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard terminal >= 0 else { return nil }
        guard isatty(terminal) == 1 else {
            Glibc.close(terminal)
            return nil
        }
        return InlinePicker(terminal: terminal, window: window, socketPath: socketPath, takeoverGrace: takeoverGrace)
    }

    private init(terminal: Int32, window: WindowSummary, socketPath: String, takeoverGrace: Int64) {
        self.terminal = terminal
        self.window = window
        self.socketPath = socketPath
        self.takeoverGrace = takeoverGrace
    }

    deinit { Glibc.close(terminal) }

    /// Draws and answers the window until `waiting` (the command's wait for
    /// its outcome) ends, or Ctrl-C; rethrows the wait's error. The picker's
    /// lines are then replaced by one line saying how the window ended.
    public func run(until waiting: Task<Outcome, any Error>) async throws -> Ending {
        guard picker_terminal_enter_on(terminal, terminal, 0) == 0 else { return .ended(try await waiting.value) }
        defer { picker_terminal_leave() }
        _ = screen.size.update()
        let inputs = FrontEndInputs(hosts: [socketPath])
        let continuation = inputs.continuation
        let ending = Task { continuation.yield(.ended(await waiting.result)) }
        defer {
            inputs.stop()
            ending.cancel()
        }
        render()
        for await input in inputs.stream {
            switch input {
            case .bytes(let bytes):
                for key in decoder.feed(bytes) {
                    if key == .interrupt { return await interrupt() }
                    await handle(key)
                }
            case .tick:
                if let escape = decoder.flushEscape() { await handle(escape) }
                let now = Timestamp.now().milliseconds
                var changed = screen.size.update()
                if graceUntil != 0, now >= graceUntil { (graceUntil, changed) = (0, true) }
                let second = now / 1000
                let animated = view?.isAnimated ?? false
                guard changed || animated || (window.deadline != nil && second != lastSecond) else { continue }
                lastSecond = second
            case .following(_, .connected(let connected)):
                client = connected
                connectionProblem = nil
                await refresh()
                if view != nil {
                    for key in typedAhead { await handle(key) }
                    typedAhead = []
                }
            case .following(_, .event(let event)):
                follow(event)
                await refresh()
            case .following(_, .disconnected(let reason)):
                client = nil
                connectionProblem = "waiting for pickerd (\(reason))"
            case .ended(let result):
                do {
                    let outcome = try result.get()
                    screen.finish(leaving: Self.endedLine(window.title, outcome))
                    return .ended(outcome)
                } catch {
                    screen.finish(leaving: nil)
                    throw error
                }
            }
            render()
        }
        return .ended(try await waiting.value)
    }

    /// "✓ “When” was submitted", "✓ “When” was answered elsewhere (pid 42)".
    private static func endedLine(_ title: String, _ outcome: Outcome) -> Line {
        let sentence = EndedWindowLine.sentence(title: title, outcome: outcome, ownPID: getpid())
        return Line(EndedWindowLine.mark(for: outcome.reason) + sentence, outcome.reason == .submitted ? .plain : .dim)
    }

    /// Ctrl-C: cancels the window (when pickerd is there to hear it).
    private func interrupt() async -> Ending {
        var line = Line("– “\(window.title)” was interrupted", .dim)
        if let outcome = try? await client?.cancel(window: window.window) {
            line = Self.endedLine(window.title, outcome)
        }
        screen.finish(leaving: line)
        return .interrupted
    }

    // MARK: state

    /// Reads the stack again: whether the window is key, what is ahead of it,
    /// quiet hours, and (once) its contents for the view.
    private func refresh() async {
        guard let client else { return }
        do {
            let snapshot = try await client.snapshot(contents: .none)
            quiet = snapshot.quiet
            // Gone from the stack: it ended, and the wait says how.
            guard let mine = snapshot.windows.first(where: { $0.window == window.window }) else { return }
            window = mine
            let wasAhead = ahead != nil
            ahead = snapshot.list.key == mine.window ? nil : (snapshot.key ?? mine)
            // Key again: typing meant for the one that was ahead waits a moment.
            if wasAhead, ahead == nil { graceUntil = Timestamp.now().milliseconds + takeoverGrace }
            if view == nil {
                let details = try await client.get(window: mine.window)
                message = details.message
                // A preset is drawn as the built-in kind it is made from.
                var made = PickerViews.make(kind: mine.builtInKind, options: details.options, value: details.value)
                await ViewKeyPress.listIfWanted(&made, of: mine.window, client: client)
                view = made
            }
        } catch {
            notice = "\(error)"
        }
    }

    /// What its asker moves (a progress, a form's progress field) is drawn
    /// again from the new value; what the person types here stays.
    private func follow(_ event: Event) {
        guard case .changed(let value?) = event.payload, event.window == window.window, var view else { return }
        view.follow(value)
        self.view = view
    }

    private func handle(_ pressed: Key) async {
        guard view != nil else { return typedAhead.append(pressed) }
        guard let client, var view, ahead == nil, Timestamp.now().milliseconds >= graceUntil else { return }
        if pressed == .controlUp || pressed == .controlDown {
            return scroll.scroll(by: pressed == .controlDown ? 1 : -1)
        }
        let result = await ViewKeyPress.handle(pressed, in: &view, of: window.window, client: client)
        self.view = view
        switch result {
        case .none, .ended: break
        case .edited: notice = nil
        case .refused(let sentence): notice = sentence
        }
    }

    // MARK: drawing

    private func render() {
        let width = screen.size.columns - 1
        // At most half the terminal, and never less than a picker needs.
        let height = max(8, min(screen.size.rows - 1, screen.size.rows / 2 + 4))
        var top = WindowHeading.lines(of: window, width: width)
        var bottom: [Line] = []
        if let problem = connectionProblem {
            bottom += Line.wrapped(problem, width: width, .dim)
        } else if let notice {
            bottom += Line.wrapped("✗ " + notice, width: width, .warning)
        }
        bottom += footer(width: width)
        guard let view else { return screen.draw(top + bottom) }
        let messageLines = scroll.lines(TextWrap.lines(message ?? "", width: width), room: 4)
        top += messageLines + (messageLines.isEmpty ? [] : [Line()])
        let room = max(1, height - top.count - bottom.count)
        let body = view.render(width: width, height: room, focused: ahead == nil)
        screen.draw(top + FocusedRows.fitting(body, room: room) + bottom)
    }

    /// The keys, or why they wait.
    private func footer(width: Int) -> [Line] {
        let sentence: String
        if window.state == .waiting, let quiet {
            let until = quiet.until.map { " until \(LocalTime.rfc3339($0))" } ?? ""
            sentence =
                "☾ quiet hours below \(quiet.belowDescription)\(until) hold this window; `pickerctl quiet off` ends them"
        } else if window.state == .hidden {
            sentence = "this window is hidden; `pickerctl show \(window.window)` brings it back"
        } else if let ahead, ahead.window != window.window {
            let level = ahead.levelName ?? ahead.level.description
            sentence = "⏸ “\(ahead.title)” (\(level)) is ahead of this window; keys wait until it ends"
        } else if ahead != nil {
            sentence = "⏸ this window is not key now; keys wait until it is"
        } else if Timestamp.now().milliseconds < graceUntil {
            sentence = "this window is key again: keys wait a moment"
        } else if let view, connectionProblem == nil {
            return TextWrap.hints("\(view.keyHints)  Ctrl-C cancel", width: width).map {
                Line($0, .dim)
            }
        } else {
            return []
        }
        return Line.wrapped(sentence, width: width, .warning)
    }
}
