import Foundation
import PickerJSON
import PickerTestSupport

/// A real pickerd with a `pickerctl watch --json` on it, and what a person
/// and a test do with its windows. The askpass program is a copy of
/// pickerd-askpass in the fixture's own directory, so a user the test makes
/// (sudo's) may run it whatever the build folder's permissions.
final class AskpassFixture: @unchecked Sendable {
    // @unchecked: owned by one test.
    let daemon: DaemonProcess
    let client: TestClient
    let directory: TestDirectory
    let askpass: String
    private let watch: CommandLineProcess

    /// `config`: the daemon's; `sharedSocket`: its socket directory open to
    /// other users (for the test user sudo asks as).
    init(config: String? = nil, sharedSocket: Bool = false) throws {
        daemon = try DaemonProcess(config: config, socketDirectoryMode: sharedSocket ? 0o755 : nil)
        client = try TestClient(socketPath: daemon.socketPath)
        directory = try TestDirectory()
        chmod(directory.url.path, 0o755)
        askpass = directory.url.appendingPathComponent("pickerd-askpass").path
        try FileManager.default.copyItem(atPath: DaemonProcess.executable("pickerd-askpass").path, toPath: askpass)
        watch = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "watch", "--json"])
        // The watch hears events once it has subscribed: a window shown and
        // dismissed until it hears of one.
        let marker = "watch is listening"
        let listening = try Self.eventually(timeout: 60) {
            let shown = try client.result("present", ["kind": "text", "title": .string(marker)])
            _ = try client.result("dismiss", ["window": shown["window"] ?? .null])
            return Self.eventually(timeout: 0.5) { watch.stdoutSoFar.contains(marker) }
        }
        guard listening else { throw TestFailure("pickerctl watch heard nothing: \(watch.stderrSoFar)") }
    }

    deinit { watch.signal(SIGTERM) }

    /// A path in the fixture's directory.
    func path(_ name: String) -> String { directory.url.appendingPathComponent(name).path }

    /// What the asking programs need to find pickerd-askpass and pickerd.
    var environment: [String: String] {
        [
            "PICKERD_SOCKET": daemon.socketPath, "SSH_ASKPASS": askpass, "SSH_ASKPASS_REQUIRE": "force",
            "SUDO_ASKPASS": askpass, "GIT_ASKPASS": askpass, "DISPLAY": "", "WAYLAND_DISPLAY": "",
        ]
    }

    /// The open windows, top of the stack first.
    func windows() throws -> [JSON] {
        try client.result("list")["windows"]?.arrayValue ?? []
    }

    /// Waits for an open window that is not one of `seen`, polling pickerd.
    func nextWindow(after seen: [JSON] = [], timeout: TimeInterval = 60) throws -> JSON {
        let known = Set(seen.compactMap { $0["window"]?.stringValue })
        var found: JSON?
        _ = try Self.eventually(timeout: timeout) {
            found = try windows().first { !known.contains($0["window"]?.stringValue ?? "") }
            return found != nil
        }
        guard let found else { throw TestFailure("no new window within \(timeout) s; open: \(try windows())") }
        return found
    }

    /// Waits until no window is open.
    func noWindows(timeout: TimeInterval = 30) throws -> Bool {
        try Self.eventually(timeout: timeout) { try windows().isEmpty }
    }

    func details(_ window: JSON) throws -> JSON {
        try client.result("get", ["window": window["window"] ?? .null])
    }

    /// `pickerctl ARGUMENTS` against this daemon, to completion.
    @discardableResult
    func pickerctl(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess.Result {
        let process = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments, input: input != nil)
        if let input { try process.write(input: input) }
        return process.finish()
    }

    /// Answers `window` as a person would from a script: the value on stdin.
    func submit(_ value: String, to window: JSON) throws {
        let result = try pickerctl(["submit", "--window", window["window"]?.stringValue ?? "", "--stdin"], input: value + "\n")
        guard result.status == 0 else { throw TestFailure("submit failed (\(result.status)): \(result.stderr)") }
    }

    /// Picks the action labelled `label` in `window`.
    func choose(_ label: String, in window: JSON) throws {
        let result = try pickerctl(["submit", "--window", window["window"]?.stringValue ?? "", label])
        guard result.status == 0 else { throw TestFailure("submit \(label) failed (\(result.status)): \(result.stderr)") }
    }

    func cancel(_ window: JSON) throws {
        let result = try pickerctl(["cancel", window["window"]?.stringValue ?? ""])
        guard result.status == 0 else { throw TestFailure("cancel failed (\(result.status)): \(result.stderr)") }
    }

    /// Where a secret must never be: the daemon's log, `list`, `history` and
    /// the events `pickerctl watch` printed. The places that hold it.
    func placesHolding(_ secret: String) throws -> [String] {
        var places: [String] = []
        if daemon.log.contains(secret) { places.append("the daemon's log") }
        if try pickerctl(["list", "--json"]).stdout.contains(secret) { places.append("list") }
        if try pickerctl(["history", "--json"]).stdout.contains(secret) { places.append("history") }
        if watch.stdoutSoFar.contains(secret) { places.append("the events") }
        return places
    }

    /// The events `pickerctl watch --json` printed so far.
    var events: String { watch.stdoutSoFar }

    /// A program of another package (ssh-add, sudo, git) with the askpass
    /// environment, in a session of its own with no terminal (setsid), stdin
    /// /dev/null unless `input`.
    func run(_ program: String, _ arguments: [String], environment more: [String: String] = [:], as user: [String] = [], input: Bool = false)
        throws -> CommandLineProcess
    {
        try CommandLineProcess(
            program: "/usr/bin/setsid", ["-w"] + user + [program] + arguments, environment: environment.merging(more) { $1 }, input: input)
    }

    /// Waits until `condition` holds, polling every 10 ms; whether it did within `timeout`.
    static func eventually(timeout: TimeInterval = 30, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(10_000)
        }
        return try condition()
    }
}
