import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Quiet hours through the embedded daemon: the `quiet` method, its
/// permission and mistakes, `status`, `list` and the `quiet.changed` event.
@Suite struct InProcessQuietTests {
    @Test func quietHoursHoldWindowsUntilTheyEndByThemselves() throws {
        let daemon = try EmbeddedDaemon()
        let watcher = try EmbeddedConnection(daemon)
        _ = try watcher.call(Subscribe())
        let client = try EmbeddedConnection(daemon)
        let normal = try client.presentWindow(Present(kind: "text")).window
        _ = try watcher.takeEvents()

        let until = daemon.clock.now().adding(milliseconds: 3_600_000)
        let answer = try client.request(Quiet(.on(below: "alert", until: until))).get()
        #expect(answer == ["below": 2000, "below_name": "alert", "until": .string(until.rfc3339)])
        let events = try watcher.takeEvents()
        #expect(events.map { $0["type"] } == ["quiet.changed", "window.resigned_key"])
        #expect(
            events.first?["window"] == .null && events.first?["below"] == 2000
                && events.first?["until"] == .string(until.rfc3339))

        let list = try client.call(List())
        #expect(list.key == nil && list.windows.map(\.state) == [.waiting])
        #expect(try client.call(Get(window: normal)).summary.state == .waiting)
        let alert = try client.presentWindow(Present(kind: "text", level: "alert"))
        #expect(alert.state == .visible && alert.isKey, "an alert breaks through")
        let status = try client.request(Status()).get()
        #expect(status["quiet"] == ["below": 2000, "below_name": "alert", "until": .string(until.rfc3339)])
        #expect(status["windows"] == ["visible": 1, "hidden": 0, "waiting": 1])
        #expect(daemon.invariantViolation() == nil)
        _ = try client.call(Dismiss(.window(alert.window)))
        _ = try watcher.takeEvents()

        daemon.advance(milliseconds: 3_600_000)
        let ended = try watcher.takeEvents()
        #expect(ended.map { $0["type"] } == ["quiet.changed", "window.key"])
        #expect(
            ended.first?["off"] == true && ended.first?["window"] == .null
                && ended.last?["window"] == .string(normal.rawValue))
        let after = try client.request(Status()).get()
        #expect(after["quiet"] == nil && after["windows"] == ["visible": 1, "hidden": 0, "waiting": 0])
        #expect(try client.call(List()).key == normal)
    }

    @Test func offEndsQuietHoursAndAnswersOff() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text", level: "statusBar")).window
        #expect(try client.call(Quiet(.on(below: 1001, until: nil))) == .some(QuietHours(below: Level(1001)!)))
        #expect(try client.call(List()).key == nil)
        #expect(try client.request(Quiet(.off)).get() == ["off": true])
        #expect(try client.call(List()).key == window)
        #expect(try client.request(Quiet(.off)).get() == ["off": true], "off when off is fine")
    }

    @Test func mistakesAreInvalidParamsNamingTheField() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let unknown = try client.request(Quiet(.on(below: "urgent", until: nil))).failure
        #expect(unknown?.code == .invalidParams && unknown?.data == ["field": "below"])
        #expect(
            unknown?.message.hasPrefix("below: unknown level 'urgent'; use one of normal, statusBar, alert") == true)
        let past = try client.request(Quiet(.on(below: "alert", until: daemon.clock.now().adding(milliseconds: -1))))
            .failure
        #expect(past?.code == .invalidParams && past?.data == ["field": "until"])
        #expect(past?.message.hasPrefix("until must be later than now") == true)
        let missing = try client.request("quiet", ["until": "2030-01-01T00:00:00Z"]).failure
        #expect(missing?.message == "quiet needs below, the level under which windows wait, or off: true")
        let badTime = try client.request("quiet", ["below": "alert", "until": "07:00"]).failure
        #expect(badTime?.data == ["field": "until"])
        #expect(try client.request(Status()).get()["quiet"] == nil, "nothing changed")
    }

    @Test func aUserWithoutManageIsRefused() throws {
        let daemon = try EmbeddedDaemon(
            config:
                #"{"permissions": {"rules": [{"uid": 1000, "allow": ["present", "observe"]}, {"uid": 1001, "allow": ["manage"]}]}}"#
        )
        let user = try EmbeddedConnection(daemon, uid: 1000)
        // Even a user whose own windows would wait: quiet hours concern everyone's.
        _ = try user.presentWindow(Present(kind: "text"))
        let refused = try user.request(Quiet(.on(below: "alert", until: nil))).failure
        #expect(refused?.code == .permissionDenied && refused?.data == ["needs": "manage"])
        #expect(try user.request(Quiet(.off)).failure?.code == .permissionDenied)
        #expect(try user.request(Status()).get()["quiet"] == nil)
        let manager = try EmbeddedConnection(daemon, uid: 1001)
        #expect(
            try manager.call(Quiet(.on(below: "alert", until: nil)))
                == .some(QuietHours(below: .alert, belowName: "alert")))
        #expect(try user.call(List()).windows.map(\.state) == [.waiting])
    }

    @Test func quietChangedReachesSubscribersOfSomeWindowsButNotOfOtherTypes() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "text")).window
        let ofOneWindow = try EmbeddedConnection(daemon)
        _ = try ofOneWindow.call(Subscribe(windows: [window]))
        let ofWindowEvents = try EmbeddedConnection(daemon)
        _ = try ofWindowEvents.call(Subscribe(events: ["window."]))
        let ofQuiet = try EmbeddedConnection(daemon)
        _ = try ofQuiet.call(Subscribe(events: ["quiet."]))
        _ = try client.call(Quiet(.on(below: "alert", until: nil)))
        #expect(try ofOneWindow.takeEvents().map { $0["type"] } == ["quiet.changed", "window.resigned_key"])
        #expect(try ofWindowEvents.takeEvents().map { $0["type"] } == ["window.resigned_key"])
        #expect(try ofQuiet.takeEvents().map { $0["type"] } == ["quiet.changed"])
    }
}
