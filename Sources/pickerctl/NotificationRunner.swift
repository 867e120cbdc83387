import PickerClient
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The loop behind `pickerctl notify`: events in, commands out. Every event
/// that can change which windows wait reads the stack again, so nothing is
/// missed between events or across a daemon restart.
struct NotificationRunner {
    /// The command and its arguments; nil for the default.
    let command: [String]?

    enum Input: Sendable {
        case following(Following)
        case commandEnded(WindowID, Int32)
    }

    func follow(socketPath: String?, jobs: Int) async {
        var queue = NotificationQueue(jobs: jobs)
        let (inputs, input) = AsyncStream<Input>.makeStream()
        let connection = Task {
            for await following in PickerClient.following(
                socketPath: socketPath, client: "pickerctl notify", retryingEvery: .milliseconds(500))
            {
                input.yield(.following(following))
            }
        }
        defer { connection.cancel() }
        var client: PickerClient?
        var warned = false
        for await event in inputs {
            var starting: [WindowSummary] = []
            switch event {
            case .following(.connected(let connected)):
                client = connected
                warned = false
                starting = await Self.windows(client).map { queue.update(with: $0) } ?? []
            case .following(.event):
                starting = await Self.windows(client).map { queue.update(with: $0) } ?? []
            case .following(.disconnected(let reason)):
                client = nil
                if !warned { printError("waiting for pickerd (\(reason))") }
                warned = true
            case .commandEnded(let window, let status):
                if status != 0 { printError("the command for window \(window) exited with status \(status)") }
                starting = queue.finished()
            }
            for window in starting {
                run(for: window, reporting: input)
            }
        }
    }

    private static func windows(_ client: PickerClient?) async -> [WindowSummary]? {
        try? await client?.snapshot(contents: .none).windows
    }

    // MARK: running the command

    private func run(for window: WindowSummary, reporting input: AsyncStream<Input>.Continuation) {
        let webURL = WebURLFile.read(environment: POSIX.environment())
        let environment = Self.environment(for: window, webURL: webURL)
        guard let arguments = command ?? Self.desktopNotification(for: window, webURL: webURL) else {
            // No notify-send: a line on stdout, for a person or a script to read.
            let asker =
                environment["PICKER_ASKER", default: ""].isEmpty ? "" : " (\(environment["PICKER_ASKER"] ?? ""))"
            _ = POSIX.writeAll(
                Array(
                    "\(window.window) \(environment["PICKER_LEVEL"] ?? "") \(environment["PICKER_TITLE"] ?? "")\(asker)\n"
                        .utf8), to: 1)
            input.yield(.commandEnded(window.window, 0))
            return
        }
        ChildProcess.spawn(arguments, environment: environment) { status in
            input.yield(.commandEnded(window.window, status))
        } failed: { reason in
            printError("cannot run \(arguments[0]): \(reason)")
            input.yield(.commandEnded(window.window, 127))
        }
    }

    /// This process's environment and the window's PICKER_* variables, their
    /// control characters removed (a title could otherwise carry escape
    /// sequences into whatever the command prints).
    static func environment(for window: WindowSummary, webURL: String?) -> [String: String] {
        var environment = POSIX.environment()
        environment["PICKER_WINDOW"] = window.window.rawValue
        environment["PICKER_TITLE"] = window.title
        environment["PICKER_LEVEL"] = window.levelName ?? window.level.description
        environment["PICKER_KIND"] = window.kind
        environment["PICKER_WEB_URL"] = webURL ?? ""
        // Who asks (`WhoAsks`), empty when the daemon did not say.
        environment["PICKER_ASKER"] = WhoAsks(window.owner)?.line ?? ""
        for name in ["PICKER_WINDOW", "PICKER_TITLE", "PICKER_LEVEL", "PICKER_KIND", "PICKER_WEB_URL", "PICKER_ASKER"] {
            environment[name] = environment[name].map(Self.withoutControls)
        }
        return environment
    }

    static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !VisibleText.isActedOn($0) }))
    }

    /// `notify-send` with the title and how to answer, when it is installed.
    /// The page's address goes in without its token: a command line is
    /// readable by every user, and a browser that signed in has its cookie.
    static func desktopNotification(for window: WindowSummary, webURL: String?) -> [String]? {
        guard let notifySend = ChildProcess.find("notify-send") else { return nil }
        let title = withoutControls(window.title.isEmpty ? "A script asks for a value" : window.title)
        var body =
            "pickerd is waiting (\(window.levelName ?? window.level.description), \(window.kind)): answer with pickerctl ui"
        if let asker = WhoAsks(window.owner) { body = withoutControls(asker.line) + ". " + body }
        if let webURL, let page = webURL.split(separator: "#").first { body += " or at \(page)" }
        let urgency = window.level >= .alert ? "critical" : "normal"
        // "--": a title that starts with a minus is a title, not an option.
        return [notifySend, "--app-name=pickerd", "--urgency=\(urgency)", "--", title, body]
    }
}
