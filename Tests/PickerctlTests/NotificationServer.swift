import Foundation
import PickerTestSupport

/// A notification server on a session bus of the test's own: python3-dbusmock's `notification_daemon`
/// template, which logs every call and emits the signals a test asks for.
final class NotificationServer: @unchecked Sendable {
    // @unchecked: owned by one test.
    private let directory: TestDirectory
    let bus: PrivateSessionBus
    private let mock: CommandLineProcess
    private var logPath: String { directory.url.appendingPathComponent("calls.log").path }

    /// `capabilities` as GetCapabilities answers (without `actions`, a
    /// server that cannot show them).
    init(capabilities: String = "body body-markup actions") throws {
        directory = try TestDirectory()
        bus = try PrivateSessionBus()
        mock = try CommandLineProcess(
            program: "/usr/bin/python3",
            [
                "-m", "dbusmock", "--template", "notification_daemon", "--parameters",
                #"{"capabilities": "\#(capabilities)"}"#, "--logfile",
                directory.url.appendingPathComponent("calls.log").path,
            ], environment: bus.environment)
        try bus.waitForOwner(of: "org.freedesktop.Notifications", "dbusmock (\(mock.stderrSoFar))")
    }

    deinit {
        mock.signal(SIGKILL)
        _ = mock.finish()
    }

    var environment: [String: String] { bus.environment }

    /// The server's log: one entry per call and per signal it emitted, each
    /// starting with its time (a body's line breaks stay inside its entry).
    var calls: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        var entries: [String] = []
        for line in log.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.prefix(while: { $0 != " " }).allSatisfy({ $0.isNumber || $0 == "." }) && line.contains(" ")
                || entries.isEmpty
            {
                entries.append(String(line))
            } else {
                entries[entries.count - 1] += "\n" + line
            }
        }
        return entries.filter { !$0.isEmpty }
    }

    /// The Notify calls so far, in order: the Nth has id N (the template counts from 1).
    var notifications: [String] { calls.filter { $0.contains(" Notify ") } }

    /// Waits for the `count`th Notify call; its line.
    func notification(_ count: Int) throws -> String {
        try eventually("Notify call \(count); calls so far: \(calls)") { notifications.count >= count }
        return notifications[count - 1]
    }

    /// The server emits ActionInvoked, as when the person clicks the action.
    func invoke(_ key: String, on id: Int) throws {
        _ = try bus.python(
            """
            bus.get_object('org.freedesktop.Notifications', '/org/freedesktop/Notifications').EmitSignal(
                'org.freedesktop.Notifications', 'ActionInvoked', 'us', [dbus.UInt32(\(id)), \(Self.quoted(key))],
                dbus_interface='org.freedesktop.DBus.Mock')
            """)
    }

    /// Another program on the bus emits ActionInvoked as if it were the server.
    func forge(_ key: String, on id: Int) throws {
        _ = try bus.python(
            """
            message = dbus.lowlevel.SignalMessage(
                '/org/freedesktop/Notifications', 'org.freedesktop.Notifications', 'ActionInvoked')
            message.append(dbus.UInt32(\(id)), \(Self.quoted(key)), signature='us')
            bus.send_message(message)
            bus.flush()
            """)
    }

    /// A Python string literal of `text`.
    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
