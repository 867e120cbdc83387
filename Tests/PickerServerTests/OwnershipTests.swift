import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The user that presented a window keeps its rights on it after it ends,
/// for as long as its outcome is retained: one rule for every method.
@Suite(.tags(.process)) struct OwnershipTests {
    static let nobody: UInt32 = 65534

    static func daemon() throws -> DaemonProcess {
        let config = #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}}"#
        return try DaemonProcess(config: config, socketDirectoryMode: 0o755, logLevel: "info")
    }

    @Test func theOwnerMayWaitOnAndCancelItsEndedWindow() throws {
        let daemon = try Self.daemon()
        let asker = try TestClient(socketPath: daemon.socketPath, uid: Self.nobody)
        let window = try asker.result("present", ["kind": "text"])["window"]!
        asker.close()
        let root = try TestClient(socketPath: daemon.socketPath)
        _ = try root.result("submit", ["window": window, "value": "done"])
        let again = try TestClient(socketPath: daemon.socketPath, uid: Self.nobody)
        let outcome = try again.result("wait", ["window": window])
        #expect(outcome["reason"] == "submitted" && outcome["value"] == "done")
        let cancelled = try again.error("cancel", ["window": window])
        #expect(cancelled.code == .alreadyDismissed, "not permission denied: \(cancelled.message)")
        #expect(cancelled.data?["outcome"]?["reason"] == "submitted")
        let dismissed = try again.error("dismiss", ["window": window])
        #expect(dismissed.code == .alreadyDismissed)
        // Someone else's ended window is still not theirs.
        let others = try root.result("present", ["kind": "text"])["window"]!
        _ = try root.result("cancel", ["window": others])
        #expect(try again.error("wait", ["window": others]).code == .permissionDenied)
        #expect(try again.error("cancel", ["window": others]).code == .permissionDenied)
    }

    @Test func pickerctlWaitOfTheOwnerAfterSomeoneElseAnswered() throws {
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
