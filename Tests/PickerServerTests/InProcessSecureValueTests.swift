import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Who receives a secure value: the submitter, and connections of the uid
/// that presented the window. Everyone else allowed to `wait` gets the outcome
/// without it: per method, per permission set and per moment (a waiter before
/// the submit, a `wait` after it, and a timeout that applied a secure default).
/// Nothing else shows it (get, list, history, events), nor does the log, even
/// at trace. Other users are connections of the embedded daemon with their
/// uid; the log is read once the daemon has stopped.
@Suite struct InProcessSecureValueTests {
    static let owner: UInt32 = 65534
    static let observer: UInt32 = 65533
    static let everything: UInt32 = 65532
    static let secret = "hunter2-is-not-a-password"

    /// uid 65534 may present; 65533 may observe; 65532 may do everything but
    /// is not the owner. The daemon's own user may do everything.
    static func daemon(log: EmbeddedLog) throws -> EmbeddedDaemon {
        let config = #"""
            {"permissions": {"rules": [
                {"uid": 65534, "allow": ["present"]}, {"uid": 65533, "allow": ["observe"]}, {"uid": 65532, "allow": ["all"]}]}}
            """#
        return try EmbeddedDaemon(config: config, logLevel: .trace, log: log.write)
    }

    @Test func secureValuesReachOnlyTheSubmitterAndWaiters() throws {
        let secret = "correct-horse-battery-staple"
        let log = EmbeddedLog()
        let window: WindowID
        do {
            let daemon = try EmbeddedDaemon(logLevel: .trace, log: log.write)
            let watcher = try EmbeddedConnection(daemon)
            _ = try watcher.call(Subscribe())
            let asker = try EmbeddedConnection(daemon)
            let waitID = asker.send(Present(kind: "text", title: "Password", options: ["secure": true], wait: true))
            let answerer = try EmbeddedConnection(daemon)
            window = try #require(try answerer.call(List()).key)
            _ = try answerer.call(Update(window: window, value: .string(secret)))
            let details = try answerer.request(Get(window: window)).get()
            let listing = try answerer.request(List()).get()
            let submitted = try answerer.request(Submit(window: window, value: .string(secret))).get()
            #expect(submitted["value"] == .string(secret), "the submitter gets the value")
            #expect(
                try #require(try asker.responses()[waitID]).get()["value"] == .string(secret),
                "the waiter gets the value")
            #expect(try answerer.request(Wait(window: window)).get()["value"] == .string(secret))
            let history = try answerer.request(History()).get()
            let events = try watcher.takeEvents(4)
            let form = try answerer.presentWindow(
                Present(
                    kind: "form",
                    options: [
                        "fields": [
                            ["name": "user", "kind": "text"],
                            ["name": "pin", "kind": "text", "options": ["secure": true]],
                        ]
                    ]))
            _ = try answerer.call(Update(window: form.window, value: ["user": "ada", "pin": .string(secret)]))
            let formDetails = try answerer.request(Get(window: form.window)).get()
            #expect(formDetails["value"] == ["user": "ada"])
            daemon.advance(milliseconds: 300)
            let everythingSeen =
                [details, listing, history, formDetails].map { $0.serialized() }.joined()
                + (events + (try watcher.takeEvents())).map { $0.serialized() }.joined()
            #expect(!everythingSeen.contains(secret))
            #expect(details["value"] == nil)
        }
        // The daemon and its connections are gone: it stopped, and its log is complete.
        #expect(!log.contains(secret))
        #expect(log.contains("window \(window) dismissed: submitted"), "the log was written")
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
    /// it with `end` (given the daemon, a connection of its own user and the
    /// window), then asks again with `wait` after the end. The log is
    /// returned once the daemon has stopped.
    static func views(
        timeout: Int64? = nil, default defaultValue: JSON? = nil,
        end: (EmbeddedDaemon, EmbeddedConnection, WindowID) throws -> Void
    ) throws -> (Views, EmbeddedLog) {
        let log = EmbeddedLog()
        var views = Views()
        do {
            let daemon = try Self.daemon(log: log)
            let asker = try EmbeddedConnection(daemon, uid: owner)
            let window = try asker.presentWindow(
                Present(
                    kind: "text", options: ["secure": true], timeoutMilliseconds: timeout, defaultValue: defaultValue)
            ).window
            let ownerWaiter = try EmbeddedConnection(daemon, uid: owner)
            let observer = try EmbeddedConnection(daemon, uid: observer)
            let everyone = try EmbeddedConnection(daemon, uid: everything)
            let waits = [ownerWaiter, observer, everyone].map { ($0, $0.send(Wait(window: window))) }
            for (client, id) in waits {
                #expect(try client.responses()[id] == nil, "the waits are registered, not answered")
            }
            let root = try EmbeddedConnection(daemon)
            try end(daemon, root, window)
            func outcome(of wait: (EmbeddedConnection, Int64)) throws -> JSON {
                try #require(try wait.0.responses()[wait.1], "a waiter got no outcome").get()
            }
            views.ownerWaiter = try outcome(of: waits[0])
            views.observerWaiter = try outcome(of: waits[1])
            views.everythingWaiter = try outcome(of: waits[2])
            views.ownerWaitAfter = try asker.request(Wait(window: window)).get()
            views.ownerOtherConnection = try EmbeddedConnection(daemon, uid: owner).request(Wait(window: window)).get()
            views.observerWaitAfter = try observer.request(Wait(window: window)).get()
            views.everythingWaitAfter = try everyone.request(Wait(window: window)).get()
            views.rootWaitAfter = try root.request(Wait(window: window)).get()
            views.history = try observer.request(History()).get()
        }
        return (views, log)
    }

    static func check(_ views: Views, value: JSON, _ log: EmbeddedLog) {
        for (who, outcome) in [
            ("owner's waiter", views.ownerWaiter), ("owner's wait after", views.ownerWaitAfter),
            ("owner's other connection", views.ownerOtherConnection),
        ] {
            #expect(outcome?["value"] == value, "\(who) gets the value")
        }
        for (who, outcome) in [
            ("observer's waiter", views.observerWaiter), ("observer's wait after", views.observerWaitAfter),
            ("all-permissions waiter", views.everythingWaiter),
            ("all-permissions wait after", views.everythingWaitAfter),
            ("daemon's own user's wait after", views.rootWaitAfter),
        ] {
            #expect(outcome?["value"] == nil, "\(who) does not get the value")
            #expect(outcome?["reason"] != nil, "\(who) gets the outcome")
        }
        #expect(views.history?.serialized().contains(secret) == false)
        #expect(!log.contains(secret))
    }

    @Test func afterASubmit() throws {
        var submitted: JSON?
        let (views, log) = try Self.views { _, root, window in
            submitted = try root.request(Submit(window: window, value: .string(Self.secret))).get()
        }
        #expect(submitted?["value"] == .string(Self.secret), "the submitter gets what it sent")
        Self.check(views, value: .string(Self.secret), log)
    }

    @Test func afterATimeoutWithASecureDefault() throws {
        let (views, log) = try Self.views(timeout: 300, default: .string(Self.secret)) { daemon, _, _ in
            daemon.advance(milliseconds: 300)
        }
        #expect(views.ownerWaiter?["reason"] == "timeout")
        Self.check(views, value: .string(Self.secret), log)
    }

    @Test func presentAndWaitByTheOwnerGetsTheValue() throws {
        let daemon = try Self.daemon(log: EmbeddedLog())
        let asker = try EmbeddedConnection(daemon, uid: Self.owner)
        let id = asker.send(Present(kind: "text", options: ["secure": true], wait: true))
        let root = try EmbeddedConnection(daemon)
        let window = try #require(try root.call(List()).key)
        let watcher = try EmbeddedConnection(daemon, uid: Self.observer)
        _ = try watcher.call(Subscribe())
        let listing = try watcher.request(List()).get()
        let details = try watcher.request(Get(window: window)).get()
        _ = try root.call(Submit(window: window, value: .string(Self.secret)))
        #expect(try #require(try asker.responses()[id]).get()["value"] == .string(Self.secret))
        let events = try watcher.takeEvents(2)
        let seen = ([listing, details] + events).map { $0.serialized() }.joined()
        #expect(!seen.contains(Self.secret))
    }
}
