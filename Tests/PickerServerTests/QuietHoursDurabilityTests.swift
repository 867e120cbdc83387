import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Quiet hours kept in the state database: the real daemon killed with
/// SIGKILL and started again on the same state directory.
@Suite(.tags(.process)) struct QuietHoursDurabilityTests {
    /// Starts a daemon on `home`'s state directory and connects to it.
    func start(home: TestDirectory) throws -> (DaemonProcess, TestClient) {
        let daemon = try DaemonProcess(home: home)
        return (daemon, try TestClient(socketPath: daemon.socketPath))
    }

    /// Kills the daemon with SIGKILL, starts another on the same state
    /// directory once the clock has passed `after`, and connects to it.
    func restart(_ daemon: inout DaemonProcess, home: TestDirectory, after: Timestamp? = nil) throws -> TestClient {
        daemon.kill9()
        if let after { try eventually("the clock to pass \(after.rfc3339)") { Timestamp.now() > after } }
        daemon = try DaemonProcess(home: home)
        return try TestClient(socketPath: daemon.socketPath)
    }

    @Test func quietHoursSurviveARestart() throws {
        let home = try TestDirectory()
        var (daemon, client) = try start(home: home)
        let window = try client.result("present", ["kind": "text"])["window"]!
        let until = Timestamp.now().adding(milliseconds: 3_600_000)
        let quiet = try client.result("quiet", ["below": "alert", "until": .string(until.rfc3339)])
        #expect(quiet["below"] == 2000)
        let before = try client.result("list")
        #expect(before["key"] == .null && before["windows"]?.arrayValue?.first?["state"] == "waiting")
        client = try restart(&daemon, home: home)
        #expect(try client.result("status")["quiet"] == quiet)
        #expect(try client.result("list") == before, "the window still waits, and nothing is key")
        #expect(daemon.log.contains("restored quiet hours: below alert until \(until.rfc3339)"))

        _ = try client.result("quiet", ["off": true])
        client = try restart(&daemon, home: home)
        #expect(try client.result("status")["quiet"] == nil, "ended quiet hours stay ended")
        #expect(try client.result("list")["key"] == window)
    }

    @Test func quietHoursWhoseEndPassedWhileDownEndAtStart() throws {
        let home = try TestDirectory()
        var (daemon, client) = try start(home: home)
        let window = try client.result("present", ["kind": "text"])["window"]!
        let until = Timestamp.now().adding(milliseconds: 1000)
        _ = try client.result("quiet", ["below": "alert", "until": .string(until.rfc3339)])
        client = try restart(&daemon, home: home, after: until)
        #expect(try client.result("status")["quiet"] == nil)
        #expect(try client.result("list")["key"] == window)
        #expect(daemon.log.contains("quiet hours ended"))
        client = try restart(&daemon, home: home)
        #expect(try client.result("status")["quiet"] == nil, "and their end was stored")
    }

    /// A state database from before quiet hours and who asks (schema 2) is
    /// migrated, its windows kept, and then keeps quiet hours too.
    @Test func anOlderDatabaseIsMigrated() throws {
        let home = try TestDirectory()
        var (daemon, client) = try start(home: home)
        let window = try client.result("present", ["kind": "text"])["window"]!
        #expect(daemon.stop() == 0)
        let version2 =
            "c.execute('DROP TABLE quiet_hours'); [c.execute('ALTER TABLE windows DROP COLUMN ' + n) for n in ('owner_user', 'owner_command', 'clamped_from')]; [c.execute('ALTER TABLE outcomes DROP COLUMN ' + n) for n in ('kind', 'title')]; c.execute('PRAGMA user_version = 2')"
        guard try editStateDatabase(in: home, version2, skipping: "the test") else { return }
        (daemon, client) = try start(home: home)
        #expect(try client.result("get", ["window": window])["state"] == "visible")
        _ = try client.result("quiet", ["below": "alert"])
        client = try restart(&daemon, home: home)
        #expect(try client.result("status")["quiet"] == ["below": 2000, "below_name": "alert"])
    }
}
