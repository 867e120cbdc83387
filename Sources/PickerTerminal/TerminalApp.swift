import CPickerTerminal
import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl ui`: shows the key window full-screen and answers it, following
/// the stack live, and reconnecting when the daemon restarts. With several
/// hosts it follows each and shows their merged stack (`MultiHostStack`):
/// window ids there are qualified by host, and each answer goes to the host
/// that asked.
public final class TerminalApp {
    private let hosts: [String?]
    private var screen = TerminalScreen()
    private var decoder = KeyDecoder()
    /// The connection to each host followed now, by its index in `hosts`.
    private var clients: [Int: PickerClient] = [:]
    private var stack: MultiHostStack
    private var connectionProblem: String? = "connecting to pickerd…"
    private var windows: [WindowSummary] = []
    private var key: WindowSummary?
    private var keyDetails: WindowDetails?
    /// Each open window's view, so a window that comes back keeps what was typed.
    private var views: [WindowID: any PickerView] = [:]
    private var notice: String?
    private var lastSecond: Int64 = -1
    /// How the window last on screen ended, and until when that is said (ms).
    private var ended: (line: String, until: Int64)?
    /// Until when keys are ignored (ms): a window that took over is not
    /// answered by typing meant for the one before.
    private var graceUntil: Int64 = 0
    /// The window Ctrl-N / Ctrl-P raised: its coming to the front is the
    /// person's doing, not a takeover.
    private var switchingTo: WindowID?
    /// The window last drawn as the key one.
    private var drawn: WindowSummary?
    /// How far a message longer than the screen is scrolled (Ctrl-Up/Down).
    private var message = MessageScroll()
    /// This front-end's live updates, per window, the daemon accepted and
    /// has not echoed yet, matched to events by value (`PendingEchoes`).
    private var unechoed: [WindowID: PendingEchoes] = [:]
    /// The window this front-end just answered or cancelled: the next key is
    /// no takeover, the person moved on themselves.
    private var answeredHere: WindowID?
    /// Quiet hours, and how many windows wait behind them.
    private var quiet: (hours: QuietHours, waiting: Int)?

    /// How long a window that takes over ignores keys, in milliseconds.
    private let takeoverGrace: Int64

    /// `takeoverGrace`: how long (ms) a window that takes over ignores keys.
    public convenience init(socketPath: String?, takeoverGrace: Int64 = 1000) {
        self.init(hosts: [socketPath], takeoverGrace: takeoverGrace)
    }

    /// Follows each of `hosts` (a socket path or `--host` address; nil for
    /// the usual places) at once.
    public init(hosts: [String?], takeoverGrace: Int64 = 1000) {
        self.hosts = hosts
        stack = MultiHostStack(addresses: hosts.map { $0 ?? DaemonAddress.localName })
        self.takeoverGrace = takeoverGrace
    }

    /// Runs until Ctrl-C; returns the exit status.
    public func run() async -> Int32 {
        guard picker_terminal_enter() == 0 else {
            writeError("pickerctl: ui needs a terminal on stdin and stdout\n")
            return 64
        }
        defer { picker_terminal_leave() }
        _ = screen.updateSize()
        let inputs = FrontEndInputs(hosts: hosts)
        defer { inputs.stop() }
        render()
        for await input in inputs.stream {
            switch input {
            case .bytes(let bytes):
                for key in decoder.feed(bytes) {
                    if key == .interrupt { return 0 }
                    await handle(key)
                }
            case .tick:
                if let escape = decoder.flushEscape() { await handle(escape) }
                let now = Timestamp.now().milliseconds
                var changed = screen.updateSize()
                if graceUntil != 0, now >= graceUntil { (graceUntil, changed) = (0, true) }
                if let ended, now >= ended.until { (self.ended, changed) = (nil, true) }
                // Countdowns and the other windows' ages move each second.
                let second = now / 1000
                let clockShown = key?.deadline != nil || windows.count > 1
                let animated = key.flatMap { views[$0.window] }?.isAnimated ?? false
                guard changed || animated || (clockShown && second != lastSecond) else { continue }
                lastSecond = second
            case .following(let host, .connected(let connected)):
                clients[host] = connected
                unechoed = unechoed.filter { id, _ in stack.locate(id)?.host != host }
                connectionProblem = nil
                await refresh(host: host)
            case .following(let host, .event(var event)):
                event.window = event.window.map { stack.qualified($0, of: host) }
                noteEnding(event)
                followChange(event)
                await refresh(host: host)
            case .following(let host, .disconnected(let reason)):
                clients[host] = nil
                if stack.isQualified {
                    // Said once, in the lines above the picker, until it returns.
                    guard stack.lose(host: host, because: reason) else { continue }
                    await show(stack.merged)
                } else {
                    connectionProblem = "waiting for pickerd (\(reason))"
                }
            case .ended:
                continue
            }
            render()
        }
        return 0
    }

    // MARK: state

    /// A value changed elsewhere (the web page, `pickerctl update`) is shown;
    /// the echo of this front-end's own update is not, since the person may
    /// have typed on since.
    private func followChange(_ event: Event) {
        guard case .changed(let value?) = event.payload, let window = event.window, var view = views[window] else {
            return
        }
        // What the asker moves (a progress field) follows every change, an
        // echo too: the asker's events come between this front-end's own.
        view.follow(value)
        views[window] = view
        if var echoes = unechoed[window], !echoes.isEmpty {
            let verdict = echoes.judge(Self.personsPart(of: value, in: view))
            unechoed[window] = echoes
            if verdict != .news { return }
        }
        // A secret view's live value never holds its secrets (front-ends send
        // no live updates of them): drawn again from it, the typing would go.
        guard value != view.value, !view.isSecret else { return }
        guard let summary = windows.first(where: { $0.window == window }), let details = keyDetails,
            details.summary.window == window
        else {
            // Not on screen: drawn again from `get` when it comes back.
            views[window] = nil
            return
        }
        views[window] = PickerViews.make(kind: summary.builtInKind, options: details.options, value: value)
    }

    /// What of `value` is the person's, as `PendingEchoes` compares it: a
    /// form's fields its asker moves left out.
    private static func personsPart(of value: JSON, in view: any PickerView) -> JSON {
        (view as? FormFields)?.personsPart(of: value) ?? value
    }

    /// Keeps the sentence for how the window last drawn ended. (Events trail
    /// the stack `list` shows, so the key may already have moved on.)
    private func noteEnding(_ event: Event) {
        guard case .dismissed(let outcome) = event.payload, let drawn, event.window == drawn.window else { return }
        let sentence = EndedWindowLine.sentence(title: drawn.title, outcome: outcome, ownPID: getpid())
        ended = (
            EndedWindowLine.mark(for: outcome.reason) + sentence,
            Timestamp.now().milliseconds + EndedWindowLine.shownFor
        )
    }

    /// The daemon at `host` and the id it knows for `window`, as merged.
    private func origin(of window: WindowID) -> (client: PickerClient, window: WindowID)? {
        guard let (host, id) = stack.locate(window), let client = clients[host] else { return nil }
        return (client, id)
    }

    /// Reads host `host`'s stack again and shows the merged one.
    private func refresh(host: Int) async {
        guard let client = clients[host] else { return }
        do {
            stack.update(host: host, snapshot: try await client.snapshot(contents: .key))
        } catch {
            notice = "\(error)"
        }
        await show(stack.merged)
    }

    /// Shows `snapshot`, the (merged) stack: a new key takes over, views of
    /// windows that ended go.
    private func show(_ snapshot: StackSnapshot) async {
        let list = snapshot.list
        windows = list.windows
        quiet = snapshot.quiet.map { ($0, snapshot.waitingWindows) }
        views = views.filter { id, _ in list.windows.contains { $0.window == id } }
        unechoed = unechoed.filter { id, _ in views[id] != nil }
        let newKey = snapshot.key
        if newKey?.window != key?.window {
            notice = nil
            message = MessageScroll()
            // A new key took over unless the person moved on themselves:
            // switched to it, or answered the one before here. (The one
            // before may still be open, or have ended elsewhere.)
            let movedOn = newKey?.window == switchingTo || (key != nil && key?.window == answeredHere)
            let tookOver = newKey != nil && key != nil && !movedOn
            graceUntil = tookOver ? Timestamp.now().milliseconds + takeoverGrace : 0
        }
        switchingTo = nil
        answeredHere = nil
        key = newKey
        if let newKey, views[newKey.window] == nil, let details = snapshot.details(of: newKey.window) {
            keyDetails = details
            // A preset is drawn as the built-in kind it is made from.
            views[newKey.window] = PickerViews.make(
                kind: newKey.builtInKind, options: details.options, value: details.value)
        } else if let newKey, keyDetails?.summary.window != newKey.window {
            keyDetails = snapshot.details(of: newKey.window)
        }
        // A file window's view lists its first directory once it is drawn.
        if let key, var view = views[key.window], let origin = origin(of: key.window) {
            await ViewKeyPress.listIfWanted(&view, of: origin.window, client: origin.client)
            views[key.window] = view
        }
    }

    private func handle(_ pressed: Key) async {
        guard let key, var view = views[key.window], let (client, window) = origin(of: key.window) else { return }
        // Typing meant for the window before a takeover is dropped.
        guard Timestamp.now().milliseconds >= graceUntil else { return }
        switch pressed {
        case .control("n"), .control("p"): return await switchWindow(forward: pressed == .control("n"))
        case .controlUp, .controlDown: return message.scroll(by: pressed == .controlDown ? 1 : -1)
        default: break
        }
        let previous = Self.personsPart(of: view.value, in: view)
        let result = await ViewKeyPress.handle(pressed, in: &view, of: window, client: client)
        views[key.window] = view
        switch result {
        case .none: break
        case .edited(let echoed):
            notice = nil
            if echoed {
                unechoed[key.window, default: PendingEchoes()].sent(
                    Self.personsPart(of: view.value, in: view), over: previous)
            }
        case .ended:
            answeredHere = key.window
            notice = nil
        case .refused(let sentence):
            notice = sentence
        }
    }

    /// Ctrl-N / Ctrl-P: raises the next or previous window at the key's level.
    private func switchWindow(forward: Bool) async {
        guard let target = OtherWindows(all: windows, key: key, place: stack.roundPlace).next(forward: forward) else {
            let level = key.map { $0.levelName ?? $0.level.description } ?? ""
            notice = "no other \(level) window to switch to; a window of another level comes when those above it end"
            return
        }
        guard let origin = origin(of: target) else { return }
        switchingTo = target
        do {
            _ = try await origin.client.raise(window: origin.window)
            // Across hosts, the raise puts it on top of its own host only:
            // here it comes forward above the other hosts' windows too. When
            // it already was its host's key, no change comes to say so.
            guard stack.isQualified else { return }
            stack.bringForward(target)
            if stack.merged.key?.window == target { await show(stack.merged) }
        } catch {
            switchingTo = nil
            notice = "\(error)"
        }
    }

    // MARK: drawing

    private func render() {
        let width = screen.columns
        var top: [Line] = []
        var body: [Line] = []
        var bottom: [Line] = []
        if let ended { top += Line.wrapped(ended.line, width: width, .dim) + [Line()] }
        if let quiet {
            let until = quiet.hours.until.map { " until \(LocalTime.rfc3339($0))" } ?? ""
            let waiting = quiet.waiting == 1 ? "1 window waits" : "\(quiet.waiting) windows wait"
            top += Line.wrapped(
                "☾ quiet hours below \(quiet.hours.belowDescription)\(until): \(waiting) behind them; `pickerctl quiet off` ends them",
                width: width, .dim)
        }
        for host in stack.hosts {
            guard let reason = host.lostBecause else { continue }
            top += Line.wrapped(
                "⚠ \(host.label) is away (\(reason)); its windows are off the screen until it returns",
                width: width, .warning)
        }
        if let problem = connectionProblem {
            top.append(Line("pickerd", .bold))
            top += Line.wrapped(problem, width: width, .dim)
        } else if let key, let view = views[key.window] {
            drawn = key
            top += WindowHeading.lines(of: key, width: width)
            // Which machine asks, where the asker is named: a title's
            // `build-7: ` prefix could be any host's own text.
            let host = stack.isQualified ? stack.locate(key.window).map { stack.hosts[$0.host].label } : nil
            if let asker = WhoAsks(key.owner) {
                top += Line.wrapped(asker.line(onHost: host), width: width, asker.isAnotherUser ? .warning : .dim)
            } else if let host {
                top += Line.wrapped("asked on \(host)", width: width, .dim)
            }
            bottom.append(Line())
            if let notice { bottom += Line.wrapped("✗ " + notice, width: width, .warning) }
            let others = OtherWindows(all: windows, key: key, place: stack.roundPlace)
            // Wrapped like every line here: a narrow terminal cuts nothing.
            bottom += TextWrap.hints(
                others.summary + (others.round.count > 1 ? "  Ctrl-N/Ctrl-P switch" : ""), width: width
            ).map { Line($0, .dim) }
            bottom += others.lines(width: width, limit: min(6, screen.rows / 5), now: .now())
            if Timestamp.now().milliseconds < graceUntil {
                bottom += Line.wrapped("a new window took over: keys wait a moment", width: width, .warning)
            } else {
                bottom += TextWrap.hints("\(view.keyHints)  Ctrl-C quit", width: width).map {
                    Line($0, .dim)
                }
            }
            // The picker keeps the room it needs (up to 8 lines); a message
            // longer than the rest scrolls.
            let wanted = min(8, view.render(width: width, height: screen.rows, focused: true).count)
            let messageRoom = max(2, screen.rows - top.count - 1 - wanted - bottom.count)
            top += message.lines(TextWrap.lines(keyDetails?.message ?? "", width: width), room: messageRoom)
            top.append(Line())
            body = view.render(width: width, height: max(0, screen.rows - top.count - bottom.count), focused: true)
        } else {
            top.append(Line("No picker is waiting.", .bold))
            // Only hidden windows are open: none of them is "other".
            let hidden = windows.filter { $0.state == .hidden }.count
            top += Line.wrapped(
                hidden == 0
                    ? "no windows open"
                    : "\(hidden) hidden window\(hidden == 1 ? "" : "s") open; `pickerctl show ID` brings one back",
                width: width, .dim)
            bottom.append(Line("Ctrl-C quit", .dim))
        }
        let room = max(0, screen.rows - top.count - bottom.count)
        screen.draw(top + FocusedRows.fitting(body, room: room) + bottom)
    }

    private func writeError(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
}
