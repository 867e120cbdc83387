import Foundation
import PickerJSON

/// A person answering a real pickerd's windows from a script (`pickerctl
/// submit`, `cancel`), and a `pickerctl watch --json` heard from before the
/// first window, for checking where a secret must never be: the daemon's log,
/// `list`, `history` and the events.
public final class ScriptedPerson: @unchecked Sendable {
    // @unchecked: owned by one test.
    public let daemon: DaemonProcess
    /// The connection the person looks at windows through.
    public let client: TestClient
    private let watch: CommandLineProcess

    /// Starts the watch, and waits until it hears events: a window is shown
    /// and dismissed through `client` until the watch has heard of one.
    public init(daemon: DaemonProcess, client: TestClient) throws {
        self.daemon = daemon
        self.client = client
        let watch = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "watch", "--json"])
        self.watch = watch
        let marker = "watch is listening"
        try eventually("pickerctl watch to hear an event: \(watch.stderrSoFar)", timeout: 60) {
            let shown = try client.result("present", ["kind": "text", "title": .string(marker)])
            _ = try client.result("dismiss", ["window": shown["window"] ?? .null])
            return holdsWithin(0.5) { watch.stdoutSoFar.contains(marker) }
        }
    }

    deinit {
        watch.signal(SIGTERM)
        _ = watch.finish()
    }

    /// Every event the watch printed so far.
    public var events: String { watch.stdoutSoFar }

    /// `pickerctl ARGUMENTS` against this daemon, to completion.
    @discardableResult
    public func pickerctl(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess.Result {
        let process = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath] + arguments, input: input != nil)
        if let input { try process.write(input: input) }
        return process.finish()
    }

    /// Answers `window` with `value` on stdin, out of the command line.
    public func submit(_ value: String, to window: JSON) throws {
        let result = try pickerctl(
            ["submit", "--window", window["window"]?.stringValue ?? "", "--stdin"], input: value + "\n")
        guard result.status == 0 else { throw TestFailure("submit failed (\(result.status)): \(result.stderr)") }
    }

    /// Picks the action labelled `label` in `window`.
    public func choose(_ label: String, in window: JSON) throws {
        let result = try pickerctl(["submit", "--window", window["window"]?.stringValue ?? "", label])
        guard result.status == 0 else {
            throw TestFailure("choosing \(label) failed (\(result.status)): \(result.stderr)")
        }
    }

    public func cancel(_ window: JSON) throws {
        let result = try pickerctl(["cancel", window["window"]?.stringValue ?? ""])
        guard result.status == 0 else { throw TestFailure("cancel failed (\(result.status)): \(result.stderr)") }
    }

    /// The open windows, top of the stack first.
    public func windows() throws -> [JSON] {
        try client.result("list")["windows"]?.arrayValue ?? []
    }

    /// A window's details (`get`).
    public func details(_ window: JSON) throws -> JSON {
        try client.result("get", ["window": window["window"] ?? .null])
    }

    /// Waits for an open window that is not one of `seen`; its summary.
    public func nextWindow(after seen: [JSON] = [], timeout: TimeInterval = 60) throws -> JSON {
        let known = Set(seen.compactMap { $0["window"]?.stringValue })
        var found: JSON?
        try eventually("a new window; open: \((try? windows()) ?? [])", timeout: timeout) {
            found = try windows().first { !known.contains($0["window"]?.stringValue ?? "") }
            return found != nil
        }
        return found ?? .null
    }

    /// Whether every window is gone within `timeout`.
    public func noWindows(timeout: TimeInterval = 60) throws -> Bool {
        try holdsWithin(timeout) { try windows().isEmpty }
    }

    /// Each of `secrets` found in the daemon's log, `list`, `history` or the
    /// events, as `SECRET in PLACE`; empty when none is anywhere.
    public func leaks(of secrets: [String]) throws -> [String] {
        let places = [
            ("the daemon's log", daemon.log), ("list", try pickerctl(["list", "--json"]).stdout),
            ("history", try pickerctl(["history", "--json"]).stdout), ("the events", events),
        ]
        return places.flatMap { place, text in secrets.filter { text.contains($0) }.map { "\($0) in \(place)" } }
    }

}
