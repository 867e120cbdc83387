import Foundation
import PickerJSON
import PickerTestSupport

/// A real pickerd and what the tests ask it.
struct AgentFixture {
    let daemon: DaemonProcess
    let client: TestClient

    init(daemon: DaemonProcess? = nil) throws {
        self.daemon = try daemon ?? DaemonProcess()
        client = try TestClient(socketPath: self.daemon.socketPath)
    }

    /// The open windows, top of the stack first.
    func windows() throws -> [JSON] {
        try client.result("list")["windows"]?.arrayValue ?? []
    }

    /// Waits until `count` windows are open, and returns them.
    func windows(count: Int, timeout: TimeInterval = 15) throws -> [JSON] {
        var seen: [JSON] = []
        try eventually("\(count) open windows, found \(seen.count): \(seen)", timeout: timeout) {
            seen = try windows()
            return seen.count == count
        }
        return seen
    }

    func details(_ window: JSON) throws -> JSON {
        try client.result("get", ["window": window["window"] ?? .null])
    }

    /// `pickerctl ARGUMENTS` against this daemon, to completion.
    func pickerctl(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess.Result {
        let process = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath] + arguments, input: input != nil)
        if let input { try process.write(input: input) }
        return process.finish()
    }

    /// Submits `secret` to `window` as a person would from a script: on stdin.
    func submit(_ secret: String, to window: JSON) throws {
        let id = window["window"]?.stringValue ?? ""
        let result = try pickerctl(["submit", "--window", id, "--stdin"], input: secret + "\n")
        guard result.status == 0 else { throw TestFailure("submit failed (\(result.status)): \(result.stderr)") }
    }
}

/// A private mount namespace in which a test's directory is
/// /run/systemd/ask-password. systemd-ask-password up to systemd 256 knows no
/// other directory (257's --user takes $XDG_RUNTIME_DIR/systemd/ask-password),
/// and the Socket= it writes is a path in it, so the asker and the agent both
/// run in here; pickerd and the person's pickerctl stay outside. Needs root.
final class AskPasswordNamespace: @unchecked Sendable {
    // @unchecked: owned by one test.
    static let directoryInside = "/run/systemd/ask-password"

    /// The directory as seen from outside.
    let directory: TestDirectory
    private let holder: SpawnedProcess

    init() throws {
        guard getuid() == 0 else { throw TestFailure("these tests need root, for a mount namespace (unshare --mount)") }
        directory = try TestDirectory.openToAll()
        let log = directory.url.path + ".holder"
        defer { unlink(log) }
        let script =
            "mkdir -p \(Self.directoryInside) && mount --bind \"$1\" \(Self.directoryInside) && echo ready && exec sleep 3600"
        holder = try SpawnedProcess(
            [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c", script, "sh",
                directory.url.path,
            ],
            logPath: log)
        try eventually("the mount namespace to come up: \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("ready")
        }
    }

    private var enter: [String] { ["/usr/bin/nsenter", "--target", "\(holder.pid)", "--mount", "--"] }

    /// `systemd-ask-password --no-tty ARGUMENTS` in the namespace, running.
    func ask(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess(program: "/usr/bin/systemd-ask-password", ["--no-tty"] + arguments, prefix: enter)
    }

    /// `pickerctl ask-password-agent` in the namespace, on its default
    /// directory (root's), running.
    func agent(_ daemon: DaemonProcess, _ arguments: [String] = ["--watch"]) throws -> CommandLineProcess {
        try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "ask-password-agent"] + arguments, prefix: enter)
    }

    /// The names of the requests waiting now.
    func requests() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).filter {
            $0.hasPrefix("ask.")
        }
    }
}
