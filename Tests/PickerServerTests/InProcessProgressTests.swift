import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The `progress` kind on the embedded daemon and its manual clock: only the
/// asker's connection moves it, its updates reach subscribers coalesced to
/// at most one event per 50 ms per window with the last value never lost,
/// `auto_close` ends it at 100, and its outcome keeps the last value.
@Suite struct InProcessProgressTests {
    static func progress(_ options: JSONObject = [:]) -> Present {
        Present(kind: "progress", title: "Copying", options: options)
    }

    /// A daemon, a connection subscribed to `window.changed`, and an asker
    /// with a progress window.
    static func watchedProgress() throws -> (
        daemon: EmbeddedDaemon, watcher: EmbeddedConnection, asker: EmbeddedConnection, window: WindowID
    ) {
        let daemon = try EmbeddedDaemon()
        let watcher = try EmbeddedConnection(daemon)
        _ = try watcher.call(Subscribe(events: ["window.changed"]))
        let asker = try EmbeddedConnection(daemon)
        return (daemon, watcher, asker, try asker.presentWindow(progress()).window)
    }

    static func changedValues(_ events: [JSON]) -> [JSON] {
        events.filter { $0["type"] == "window.changed" }.compactMap { $0["value"] }
    }

    /// 10,000 updates in one second of the daemon's clock cost a subscriber
    /// at most 21 `window.changed` (one at once, one per 50 ms after), and
    /// the last one carries the last value.
    @Test func anUpdateFloodIsCoalescedAndTheLastValueArrives() throws {
        let (daemon, watcher, asker, window) = try Self.watchedProgress()
        var received: [JSON] = []
        for tenth in 0..<10 {
            for update in 0..<1000 {
                let percent = Double(tenth * 1000 + update) / 100
                _ = asker.send(Update(window: window, value: ["percent": .double(percent)]))
            }
            _ = try asker.responses()
            daemon.advance(milliseconds: 100)
            received += try watcher.takeEvents()
        }
        daemon.advance(milliseconds: 100)
        received += try watcher.takeEvents()
        let values = Self.changedValues(received)
        #expect(values.count <= 21, "\(values.count) events for 10,000 updates in one second")
        #expect(values.count >= 10, "the bar still moves: \(values.count) events")
        #expect(values.last == ["percent": 99.99], "the last value is never lost")
        #expect(daemon.invariantViolation() == nil)
    }

    /// A lone update goes out at once; one within 50 ms of it is held and
    /// goes out, as the newest value, when the 50 ms have passed.
    @Test func aHeldChangeGoesOutWhenItsIntervalHasPassed() throws {
        let (daemon, watcher, asker, window) = try Self.watchedProgress()
        _ = try asker.call(Update(window: window, value: ["percent": 10, "text": "one"]))
        #expect(Self.changedValues(try watcher.takeEvents()) == [["percent": 10, "text": "one"]])
        _ = try asker.call(Update(window: window, value: ["percent": 20]))
        _ = try asker.call(Update(window: window, value: ["percent": 30, "text": "three"]))
        #expect(try watcher.takeEvents().isEmpty, "held for the rest of the 50 ms")
        daemon.advance(milliseconds: 49)
        #expect(try watcher.takeEvents().isEmpty)
        daemon.advance(milliseconds: 1)
        #expect(Self.changedValues(try watcher.takeEvents()) == [["percent": 30, "text": "three"]])
        daemon.advance(milliseconds: 200)
        #expect(try watcher.takeEvents().isEmpty, "nothing more was changed")
        _ = try asker.call(Update(window: window, value: ["percent": 40]))
        #expect(Self.changedValues(try watcher.takeEvents()) == [["percent": 40]], "after a quiet spell, at once")
    }

    /// Another connection, even of the asker's own uid or with every
    /// permission, may not update or submit it (-32002, needs owner); it may
    /// cancel it, and the outcome keeps the last value.
    @Test func onlyTheAskersConnectionMovesIt() throws {
        let daemon = try EmbeddedDaemon(
            config: #"{"permissions": {"rules": [{"uid": 65534, "allow": ["answer", "observe"]}]}}"#)
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(Self.progress()).window
        _ = try asker.call(Update(window: window, value: ["percent": 25, "text": "a quarter"]))
        let sameUser = try EmbeddedConnection(daemon)
        let stranger = try EmbeddedConnection(daemon, uid: 65534)
        for other in [sameUser, stranger] {
            for request in [
                try other.request(Update(window: window, value: ["percent": 90])),
                try other.request(Submit(window: window, value: ["percent": 100])),
                try other.request(Update(value: ["percent": 90])),  // the key window
            ] {
                let error = try #require(request.failure)
                #expect(error.code == .permissionDenied && error.data?["needs"] == "owner")
            }
        }
        #expect(try asker.call(Get(window: window)).value == ["percent": 25, "text": "a quarter"])
        let outcome = try stranger.call(Cancel(window: window))
        #expect(outcome.reason == .cancelled)
        #expect(try asker.call(Wait(window: window)).value == ["percent": 25, "text": "a quarter"])
    }

    /// After its connection is gone, the connection of its uid that takes
    /// it back with `wait` moves it; no one else does.
    @Test func theConnectionThatTakesItBackWithWaitMovesIt() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(Self.progress()).window
        asker.disconnect()
        let returning = try EmbeddedConnection(daemon)
        let other = try EmbeddedConnection(daemon)
        #expect(try returning.request(Update(window: window, value: ["percent": 5])).failure?.code == .permissionDenied)
        let waiting = returning.send(Wait(window: window))
        _ = try returning.call(Update(window: window, value: ["percent": 50]))
        #expect(try other.request(Update(window: window, value: ["percent": 60])).failure?.code == .permissionDenied)
        _ = try returning.call(Submit(window: window, value: ["percent": 70]))
        let outcome = try #require(try returning.responses()[waiting]).get()
        #expect(outcome["reason"] == "submitted" && outcome["value"] == ["percent": 70])
    }

    /// `auto_close`: the update that reaches 100 ends it, submitted.
    @Test func autoCloseEndsItAtOneHundred() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(Self.progress(["auto_close": true])).window
        let waiting = asker.send(Wait(window: window))
        #expect(try asker.call(Update(window: window, value: ["percent": 99.5])).state == .visible)
        #expect(try asker.call(Update(window: window, value: ["percent": 100, "text": "done"])).state == .dismissed)
        let outcome = try #require(try asker.responses()[waiting]).get()
        #expect(outcome["reason"] == "submitted" && outcome["value"] == ["percent": 100, "text": "done"])
    }

    /// What is no percent or no text line is refused (-32602) and moves nothing.
    @Test func hostileValuesAreRefused() throws {
        let daemon = try EmbeddedDaemon()
        let asker = try EmbeddedConnection(daemon)
        let window = try asker.presentWindow(Self.progress()).window
        let refused: [JSON] = [
            ["percent": 1e300], ["percent": -1], ["percent": 100.5], ["percent": "nan"], ["percent": "inf"],
            ["percent": .null], ["percent": 5, "text": "\u{1B}]0;pwned\u{07}"], ["percent": 5, "text": "two\nlines"],
            ["percent": 5, "text": .string(String(repeating: "x", count: 1025))], ["percent": 5, "colour": "red"],
            ["text": "no percent"], "0x10", true,
        ]
        for value in refused {
            let error = try #require(try asker.request(Update(window: window, value: value)).failure, "\(value)")
            #expect(error.code == .invalidParams)
        }
        #expect(try asker.call(Get(window: window)).value == ["percent": 0])
    }
}
