import PickerClient
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The loop behind `pickerctl notify`: events in, commands out. Every event
/// that can change which windows wait reads the stack again, so nothing is
/// missed between events or across a daemon restart. With several hosts it
/// follows each and notifies of their merged stack (`MultiHostStack`): each
/// title starts with its host, and an action answers the host that asked.
struct NotificationRunner {
    /// The command and its arguments; nil for the default.
    let command: [String]?
    /// What the "Open" action runs; nil for `xdg-open` of the page.
    let openCommand: [String]?
    /// Which windows the page pickerweb left (the web-url file) shows, with several hosts.
    var page = PageHosts.local(nil)

    /// pickerweb writes the same web-url file whether it follows one daemon
    /// or several, so with several hosts notify is told which it is.
    enum PageHosts: Equatable {
        /// The page of one daemon: the host at this index (`--host local`),
        /// which names windows by their own ids; nil when none is followed.
        case local(Int?)
        /// A page that follows the same hosts (`--page-follows-hosts`), which
        /// names windows as the merged stack does (`build-7/w3`).
        case followsHosts
    }

    /// How the command and Open name a window of the merged stack.
    struct Addressing: Sendable {
        /// The id its daemon knows it by (`pickerctl submit` takes it).
        let window: WindowID
        /// The `--host` its daemon is reached at: `local` for the usual one
        /// (`$PICKERD_HOST` when that chose it), never empty, so
        /// `pickerctl --host "$PICKER_HOST"` reaches it.
        let host: String
        /// The id the page names it by; nil when no page known shows it.
        let pageWindow: WindowID?
    }

    enum Input: Sendable {
        /// What following the daemon at index `host` of those given yields.
        case following(host: Int, Following)
        /// The command or notification started `started`th ended, with the action chosen on it.
        case commandEnded(WindowID, started: Int, Int32, NotificationBubble.Choice?)
    }

    /// A notification that waits for an action.
    private struct Showing {
        let pid: pid_t
        let window: WindowSummary
        let addressing: Addressing
        /// Its window ended elsewhere and it was told to close.
        var closing = false
    }

    /// Follows each of `hosts` (a socket path or `--host` address; nil for the usual places).
    func follow(hosts: [String?], jobs: Int) async {
        var queue = NotificationQueue(jobs: jobs)
        var followed = MultiHostStack(addresses: hosts.map { $0 ?? DaemonAddress.localName })
        let (inputs, input) = AsyncStream<Input>.makeStream()
        let connections = hosts.enumerated().map { host, address in
            Task {
                for await following in PickerClient.following(
                    socketPath: address, client: "pickerctl notify", retryingEvery: .milliseconds(500))
                {
                    input.yield(.following(host: host, following))
                }
            }
        }
        defer { for connection in connections { connection.cancel() } }
        var clients: [Int: PickerClient] = [:]
        /// By start (the `started`th command): a window shown again after its
        /// host returned may have two, the first one closing.
        var showing: [Int: Showing] = [:]
        var started = 0
        /// The daemon that asked `window` (as merged), and its id there.
        func origin(of window: WindowID) -> Origin? {
            followed.locate(window).flatMap { host, id in clients[host].map { Origin(client: $0, window: id) } }
        }
        func addressing(of window: WindowID) -> Addressing {
            guard case (let host, let id)? = followed.locate(window) else {
                return Addressing(window: window, host: Self.usualHost, pageWindow: nil)
            }
            // One host: the page is its own; several: as the page names it, if it shows it.
            let pageWindow =
                !followed.isQualified || page == .followsHosts ? window : page == .local(host) ? id : nil
            return Addressing(
                window: id, host: hosts[host] ?? Self.usualHost,
                pageWindow: pageWindow)
        }
        for await event in inputs {
            var starting: [WindowSummary] = []
            var stack: [WindowSummary]?
            switch event {
            case .following(let host, .connected(let connected)):
                clients[host] = connected
                stack = await Self.read(host, from: connected, into: &followed)
            case .following(let host, .event):
                stack = await Self.read(host, from: clients[host], into: &followed)
            case .following(let host, .disconnected(let reason)):
                clients[host] = nil
                // One of several: its windows leave, their notifications
                // close, and those shown or waiting their turn are told again
                // when it returns. (One host's stay: nothing is repeated.)
                if followed.isQualified {
                    let shown = Set(showing.values.map(\.window.window)).union(queue.queued.map(\.window))
                    queue.forget(shown.filter { followed.locate($0)?.host == host })
                }
                // Said once while it is retried.
                guard followed.lose(host: host, because: reason) else { continue }
                printError(
                    followed.isQualified
                        ? "\(followed.hosts[host].label) is away (\(reason))" : "waiting for pickerd (\(reason))")
                if followed.isQualified { stack = followed.merged.windows }
            case .commandEnded(let window, let start, let status, let choice):
                let ended = showing.removeValue(forKey: start)
                if status != 0 && ended?.closing != true {
                    printError("the command for window \(window) exited with status \(status)")
                }
                if let choice, let ended {
                    await act(on: choice, for: ended, origin: origin(of: ended.window.window))
                }
                starting = queue.finished()
            }
            if let stack {
                starting = queue.update(with: stack)
                // SIGINT: notify-send closes its notification (CloseNotification) and exits.
                for (start, shown) in showing
                where !shown.closing && !stack.contains(where: { $0.window == shown.window.window }) {
                    kill(shown.pid, SIGINT)
                    showing[start]?.closing = true
                }
            }
            for window in starting {
                started += 1
                let addressing = addressing(of: window.window)
                if let pid = await run(
                    for: window, as: addressing, started: started, origin: origin(of: window.window), reporting: input)
                {
                    showing[started] = Showing(pid: pid, window: window, addressing: addressing)
                }
            }
        }
    }

    /// The daemon that asked a window, and the id it knows it by.
    struct Origin {
        let client: PickerClient
        let window: WindowID
    }

    /// Reads host `host`'s stack into `followed`; the merged stack, or nil
    /// when it could not be read (the connection is going).
    private static func read(_ host: Int, from client: PickerClient?, into followed: inout MultiHostStack) async
        -> [WindowSummary]?
    {
        guard let snapshot = try? await client?.snapshot(contents: .none) else { return nil }
        followed.update(host: host, snapshot: snapshot)
        return followed.merged.windows
    }

    // MARK: running the command

    /// Starts the command or notification for `window`; the pid of a
    /// notification that waits for an action.
    private func run(
        for window: WindowSummary, as addressing: Addressing, started: Int, origin: Origin?,
        reporting input: AsyncStream<Input>.Continuation
    ) async -> pid_t? {
        // The page only where it shows this window.
        let webURL = addressing.pageWindow == nil ? nil : WebURLFile.read(environment: POSIX.environment())
        let environment = Self.environment(for: window, as: addressing, webURL: webURL)
        let ended: @Sendable (Int32) -> Void = { input.yield(.commandEnded(window.window, started: started, $0, nil)) }
        if let command {
            spawn(command, environment: environment, ended: ended)
            return nil
        }
        guard let notifySend = ChildProcess.find("notify-send") else {
            // No notify-send: a line on stdout, for a person or a script to read.
            let asker =
                environment["PICKER_ASKER", default: ""].isEmpty ? "" : " (\(environment["PICKER_ASKER"] ?? ""))"
            _ = POSIX.writeAll(
                Array(
                    "\(window.window) \(environment["PICKER_LEVEL"] ?? "") \(environment["PICKER_TITLE"] ?? "")\(asker)\n"
                        .utf8), to: 1)
            ended(0)
            return nil
        }
        // The options say whether it holds a secret and what it offers, the
        // message whether it can be answered unseen; nil when they cannot be
        // read, and the notification is then its title alone.
        var contents: WindowDetails?
        if let origin { contents = try? await origin.client.get(window: origin.window) }
        let bubble = NotificationBubble(
            window: window, options: contents?.options, message: contents?.message,
            pageAddress: Self.pageAddress(webURL),
            canOpen: openCommand != nil || (webURL != nil && ChildProcess.find("xdg-open") != nil))
        let arguments = bubble.arguments(notifySend: notifySend)
        guard bubble.waits else {
            spawn(arguments, environment: environment, ended: ended)
            return nil
        }
        // notify-send prints the key of the action chosen; libnotify takes
        // ActionInvoked only from the server's unique name, and the bubble
        // only a key it offered.
        return ChildProcess.spawnReading(arguments, environment: environment) { status, printed in
            let key = String(decoding: printed, as: UTF8.self).split(separator: "\n").last.map(String.init)
            input.yield(.commandEnded(window.window, started: started, status, key.flatMap(bubble.choice(forKey:))))
        } failed: { reason in
            printError("cannot run \(arguments[0]): \(reason)")
            ended(127)
        }
    }

    private func spawn(_ arguments: [String], environment: [String: String], ended: @escaping @Sendable (Int32) -> Void)
    {
        ChildProcess.spawn(arguments, environment: environment, ended: ended) { reason in
            printError("cannot run \(arguments[0]): \(reason)")
            ended(127)
        }
    }

    /// Submits the answer chosen on the notification, or opens the page on its window.
    private func act(on choice: NotificationBubble.Choice, for shown: Showing, origin: Origin?) async {
        let window = shown.window
        switch choice {
        case .answer(let value):
            guard let origin else { return printError("window \(window.window) was answered while pickerd was away") }
            do { _ = try await origin.client.submit(window: origin.window, value: value) } catch {
                printError("cannot answer window \(window.window): \(error)")
            }
        case .open:
            let addressing = shown.addressing
            let webURL = addressing.pageWindow.flatMap { pageWindow in
                WebURLFile.read(environment: POSIX.environment()).map { (page: $0, window: pageWindow) }
            }
            let onWindow = webURL.map { PageOnWindow.address($0.page, window: $0.window) }
            // xdg-open's command line is readable by every user: the page's
            // address without its token (a browser that signed in has its cookie).
            guard
                let arguments = openCommand
                    ?? webURL.flatMap({ page in
                        Self.pageAddress(page.page).map { ["xdg-open", PageOnWindow.address($0, window: page.window)] }
                    })
            else { return }
            spawn(arguments, environment: Self.environment(for: window, as: addressing, webURL: onWindow)) { status in
                if status != 0 { printError("\(arguments[0]) exited with status \(status)") }
            }
        }
    }

    /// The `--host` of the daemon a client finds without one: `$PICKERD_HOST`, else `local`.
    static var usualHost: String {
        POSIX.environment()["PICKERD_HOST"].flatMap { $0.isEmpty ? nil : $0 } ?? DaemonAddress.localName
    }

    /// The page's address without its token.
    static func pageAddress(_ webURL: String?) -> String? {
        webURL?.split(separator: "#", omittingEmptySubsequences: false).first.map(String.init)
    }

    /// This process's environment and the window's PICKER_* variables, their
    /// control characters removed (a title could otherwise carry escape
    /// sequences into whatever the command prints).
    static func environment(for window: WindowSummary, as addressing: Addressing, webURL: String?) -> [String: String] {
        var environment = POSIX.environment()
        environment["PICKER_WINDOW"] = addressing.window.rawValue
        environment["PICKER_HOST"] = addressing.host
        environment["PICKER_TITLE"] = window.title
        environment["PICKER_LEVEL"] = window.levelName ?? window.level.description
        environment["PICKER_KIND"] = window.kind
        environment["PICKER_WEB_URL"] = webURL ?? ""
        // Who asks (`WhoAsks`), empty when the daemon did not say.
        environment["PICKER_ASKER"] = WhoAsks(window.owner)?.line ?? ""
        for name in [
            "PICKER_WINDOW", "PICKER_HOST", "PICKER_TITLE", "PICKER_LEVEL", "PICKER_KIND", "PICKER_WEB_URL",
            "PICKER_ASKER",
        ] {
            environment[name] = environment[name].map(NotificationBubble.withoutControls)
        }
        return environment
    }
}
