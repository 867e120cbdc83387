import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Who receives a secure value: the submitter, and connections of the uid
/// that presented the window. Everyone else allowed to `wait` gets the outcome
/// without it: per method, per permission set and per moment (a waiter before
/// the submit, a `wait` after it, and a timeout that applied a secure default).
@Suite struct SecureValueAccessTests {
    static let owner: UInt32 = 65534
    static let observer: UInt32 = 65533
    static let everything: UInt32 = 65532
    static let secret = "hunter2-is-not-a-password"

    /// uid 65534 may present; 65533 may observe; 65532 may do everything but
    /// is not the owner. The daemon's own user (root here) may do everything.
    static func daemon() throws -> DaemonProcess {
        let config = #"""
            {"socket": {"mode": "0666"}, "state": {"durability": "memory"}, "permissions": {"rules": [
                {"uid": 65534, "allow": ["present"]}, {"uid": 65533, "allow": ["observe"]}, {"uid": 65532, "allow": ["all"]}]}}
            """#
        return try DaemonProcess(config: config, socketDirectoryMode: 0o755, logLevel: "trace")
    }

    /// The value members one connection sees of an outcome, by who it is.
    struct Views {
        var ownerWaiter: JSON?
        var ownerWaitAfter: JSON?
        var ownerOtherConnection: JSON?
        var observerWaiter: JSON?
        var observerWaitAfter: JSON?
        var everythingWaiter: JSON?
        var everythingWaitAfter: JSON?
        var rootWaitAfter: JSON?
        var history: JSON?
    }

    /// Presents a secure window as the owner, sets waiters of each kind, ends
    /// it with `end`, then asks again with `wait` after the end.
    static func views(
        timeout: Int64? = nil, default defaultValue: JSON? = nil, end: (TestClient, JSON) throws -> Void
    ) throws -> (Views, DaemonProcess) {
        let daemon = try Self.daemon()
        let asker = try TestClient(socketPath: daemon.socketPath, uid: owner)
        var params: JSONObject = ["kind": "text", "options": ["secure": true]]
        if let timeout { params["timeout_ms"] = .integer(timeout) }
        if let defaultValue { params["default"] = defaultValue }
        let window = try asker.result("present", .object(params))["window"]!
        let ownerWaiter = try TestClient(socketPath: daemon.socketPath, uid: owner)
        let observer = try TestClient(socketPath: daemon.socketPath, uid: observer)
        let everyone = try TestClient(socketPath: daemon.socketPath, uid: everything)
        let waits = [ownerWaiter, observer, everyone].map { ($0, $0.start("wait", ["window": window])) }
        for (client, _) in waits { _ = try client.result("ping") }  // the waits are registered
        let root = try TestClient(socketPath: daemon.socketPath)
        try end(root, window)
        var views = Views()
        views.ownerWaiter = try ownerWaiter.response(to: waits[0].1).get()
        views.observerWaiter = try observer.response(to: waits[1].1).get()
        views.everythingWaiter = try everyone.response(to: waits[2].1).get()
        views.ownerWaitAfter = try asker.result("wait", ["window": window])
        views.ownerOtherConnection = try TestClient(socketPath: daemon.socketPath, uid: owner).result("wait", ["window": window])
        views.observerWaitAfter = try observer.result("wait", ["window": window])
        views.everythingWaitAfter = try everyone.result("wait", ["window": window])
        views.rootWaitAfter = try root.result("wait", ["window": window])
        views.history = try observer.result("history")
        return (views, daemon)
    }

    static func check(_ views: Views, value: JSON, _ daemon: DaemonProcess) {
        for (who, outcome) in [("owner's waiter", views.ownerWaiter), ("owner's wait after", views.ownerWaitAfter),
            ("owner's other connection", views.ownerOtherConnection)]
        {
            #expect(outcome?["value"] == value, "\(who) gets the value")
        }
        for (who, outcome) in [("observer's waiter", views.observerWaiter), ("observer's wait after", views.observerWaitAfter),
            ("all-permissions waiter", views.everythingWaiter), ("all-permissions wait after", views.everythingWaitAfter),
            ("daemon's own user's wait after", views.rootWaitAfter)]
        {
            #expect(outcome?["value"] == nil, "\(who) does not get the value")
            #expect(outcome?["reason"] != nil, "\(who) gets the outcome")
        }
        #expect(views.history?.serialized().contains(secret) == false)
        #expect(!daemon.log.contains(secret))
    }

    @Test func afterASubmit() throws {
        var submitted: JSON?
        let (views, daemon) = try Self.views { root, window in
            submitted = try root.result("submit", ["window": window, "value": .string(Self.secret)])
        }
        #expect(submitted?["value"] == .string(Self.secret), "the submitter gets what it sent")
        Self.check(views, value: .string(Self.secret), daemon)
    }

    @Test func afterATimeoutWithASecureDefault() throws {
        let (views, daemon) = try Self.views(timeout: 300, default: .string(Self.secret)) { _, _ in }
        #expect(views.ownerWaiter?["reason"] == "timeout")
        Self.check(views, value: .string(Self.secret), daemon)
    }

    @Test func presentAndWaitByTheOwnerGetsTheValue() throws {
        let daemon = try Self.daemon()
        let asker = try TestClient(socketPath: daemon.socketPath, uid: Self.owner)
        let id = asker.start("present", ["kind": "text", "options": ["secure": true], "wait": true])
        let root = try TestClient(socketPath: daemon.socketPath)
        let window = try root.result("list")["key"]!
        let watcher = try TestClient(socketPath: daemon.socketPath, uid: Self.observer)
        _ = try watcher.result("subscribe")
        let listing = try watcher.result("list")
        let details = try watcher.result("get", ["window": window])
        _ = try root.result("submit", ["window": window, "value": .string(Self.secret)])
        #expect(try asker.response(to: id).get()["value"] == .string(Self.secret))
        let events = try watcher.takeEvents(count: 2)
        let seen = ([listing, details] + events).map { $0.serialized() }.joined()
        #expect(!seen.contains(Self.secret))
    }
}
