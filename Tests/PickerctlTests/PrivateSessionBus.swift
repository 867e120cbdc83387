import Foundation
import PickerTestSupport

/// A D-Bus session bus of the test's own (`dbus-daemon --session`), so that
/// nothing of the machine's own session is touched.
final class PrivateSessionBus: @unchecked Sendable {
    // @unchecked: owned by one test.
    private let daemon: CommandLineProcess
    /// `DBUS_SESSION_BUS_ADDRESS` for every process of the test.
    let address: String

    init() throws {
        daemon = try CommandLineProcess(
            program: "/usr/bin/dbus-daemon", ["--session", "--nofork", "--print-address=1"])
        let daemon = daemon
        try eventually("the session bus to listen: \(daemon.stderrSoFar)", timeout: 60) {
            daemon.stdoutSoFar.contains("\n")
        }
        address = daemon.stdoutSoFar.split(separator: "\n")[0].trimmingCharacters(in: .whitespaces)
    }

    deinit {
        daemon.signal(SIGKILL)
        _ = daemon.finish()
    }

    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Runs `code` with `dbus` imported and `bus` connected to this bus; what it printed.
    @discardableResult
    func python(_ code: String) throws -> String {
        let result = try CommandLineProcess(
            program: "/usr/bin/python3",
            ["-c", "import dbus, dbus.lowlevel\nbus = dbus.SessionBus()\n" + code], environment: environment
        ).finish()
        guard result.status == 0 else { throw TestFailure("python3 -c failed: \(result.stderr)") }
        return result.stdout
    }

    /// Waits until something owns `name` on this bus.
    func waitForOwner(of name: String, _ what: String) throws {
        try eventually("\(what) to own \(name)", timeout: 60) {
            try python("print(bus.name_has_owner('\(name)'))").hasPrefix("True")
        }
    }
}
