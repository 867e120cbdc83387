import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The user that presented a window keeps its rights on it after it ends,
/// for as long as its outcome is retained: one rule for every method. Other
/// users are connections of the embedded daemon with their uid; pickerctl run
/// as uid 65534 needs the real daemon.
@Suite struct OwnershipTests {
    static let nobody: UInt32 = 65534
    static let config =
        #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}}"#

    static func daemon() throws -> DaemonProcess {
        try DaemonProcess(config: config, socketDirectoryMode: 0o755, logLevel: "info")
    }

    @Test func theOwnerMayWaitOnAndCancelItsEndedWindow() throws {
        let daemon = try EmbeddedDaemon(config: Self.config)
        let asker = try EmbeddedConnection(daemon, uid: Self.nobody)
        let window = try asker.presentWindow(Present(kind: "text")).window
        asker.disconnect()
        let root = try EmbeddedConnection(daemon)
        _ = try root.call(Submit(window: window, value: "done"))
        let again = try EmbeddedConnection(daemon, uid: Self.nobody)
        let outcome = try again.request(Wait(window: window)).get()
        #expect(outcome["reason"] == "submitted" && outcome["value"] == "done")
        let cancelled = try #require(try again.request(Cancel(window: window)).failure)
        #expect(cancelled.code == .alreadyDismissed, "not permission denied: \(cancelled.message)")
        #expect(cancelled.data?["outcome"]?["reason"] == "submitted")
        let dismissed = try #require(try again.request(Dismiss(.window(window))).failure)
        #expect(dismissed.code == .alreadyDismissed)
        // Someone else's ended window is still not theirs.
        let others = try root.presentWindow(Present(kind: "text")).window
        _ = try root.call(Cancel(window: others))
        #expect(try again.request(Wait(window: others)).failure?.code == .permissionDenied)
        #expect(try again.request(Cancel(window: others)).failure?.code == .permissionDenied)
    }

    @Test(.tags(.process)) func pickerctlWaitOfTheOwnerAfterSomeoneElseAnswered() throws {
        let daemon = try Self.daemon()
        let setpriv = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        let asked = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "text", "--no-wait"], prefix: setpriv
        ).finish()
        #expect(asked.status == 0, "\(asked.stderr)")
        let window = asked.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let root = try TestClient(socketPath: daemon.socketPath)
        _ = try root.result("submit", ["window": .string(window), "value": "yes"])
        let waited = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "wait", window], prefix: setpriv
        ).finish()
        #expect(waited.status == 0, "exit \(waited.status): \(waited.stderr)")
        #expect(waited.stdout == "yes\n")
    }
}
