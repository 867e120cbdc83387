import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// `subscribe` and the event stream, on the embedded daemon: what comes, in
/// what order, to whom, how many subscriptions a user may hold, and what
/// becomes of a subscriber that stops reading (`setPeerReads`). (Against real
/// socket buffers, with a bystander timed: SubscriberLimitTests.)
@Suite struct InProcessSubscriptionTests {
    @Test func eventsCarrySequenceNumbersAndFollowFilters() throws {
        let daemon = try EmbeddedDaemon()
        let everything = try EmbeddedConnection(daemon)
        let subscription = try everything.call(Subscribe())
        let client = try EmbeddedConnection(daemon)
        let a = try client.presentWindow(Present(kind: "text")).window
        let onlyA = try EmbeddedConnection(daemon)
        _ = try onlyA.call(Subscribe(events: ["window.dismissed"], windows: [a]))
        let b = try client.presentWindow(Present(kind: "text", level: "alert")).window
        _ = try client.call(Submit(window: b, value: "bee"))
        _ = try client.call(Submit(window: a, value: "ay"))
        let all = try everything.takeEvents(9)
        #expect(all.allSatisfy { $0["subscription"] == .string(subscription) })
        let seq = all.compactMap { $0["seq"]?.integerValue }
        let first = try #require(seq.first)
        #expect(seq == Array(first..<first + 9), "one apart, in order")
        #expect(
            all.map { $0["type"]?.stringValue } == [
                "window.presented", "window.key", "window.presented", "window.resigned_key", "window.key",
                "window.dismissed", "window.resigned_key", "window.key", "window.dismissed",
            ])
        #expect(all[5]["reason"] == "submitted" && all[5]["value"] == "bee" && all[5]["by"]?["uid"] != nil)
        #expect(all[0]["kind"] == "text" && all[0]["level"] == 0)
        let filtered = try onlyA.takeEvents(1)
        #expect(filtered.first?["window"] == .string(a.rawValue) && filtered.first?["value"] == "ay")
        daemon.advance(milliseconds: 300)
        #expect(try onlyA.takeEvents().isEmpty)
        #expect(try onlyA.request(Subscribe(events: ["door."])).failure?.code == .invalidParams)
        #expect(try everything.call(Unsubscribe(subscription: subscription)) == true)
        #expect(try everything.request(Unsubscribe(subscription: subscription)).failure?.code == .invalidParams)
    }

    /// Events are delivered once the turn's changes are committed; a
    /// subscription made in that turn still gets none from before it.
    @Test func aSubscriptionGetsNoEventFromBeforeItInTheSameTurn() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        // One read: one turn.
        client.send(
            line: [
                #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"before"}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"subscribe","params":{"events":["window.presented"]}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"present","params":{"kind":"text","title":"after"}}"#,
            ].joined(separator: "\n"))
        _ = try #require(try client.responses()[3]).get()
        let events = try client.takeEvents(1)
        #expect(events.first?["title"] == "after")
        daemon.advance(milliseconds: 300)
        #expect(try client.takeEvents().isEmpty, "the present before the subscribe is not delivered")
    }

    @Test func subscriptionsAreLimitedPerUser() throws {
        let nobody: UInt32 = 65534
        let daemon = try EmbeddedDaemon(
            config:
                #"{"permissions": {"rules": [{"uid": 65534, "allow": ["observe"]}]}, "limits": {"max_subscriptions_per_user": 3}}"#
        )
        let first = try EmbeddedConnection(daemon, uid: nobody)
        let second = try EmbeddedConnection(daemon, uid: nobody)
        for _ in 0..<2 { _ = try first.call(Subscribe()) }
        _ = try second.call(Subscribe())
        let error = try #require(try second.request(Subscribe()).failure)
        #expect(error.code == .limitReached && error.data?["limit"] == "max_subscriptions_per_user")
        first.disconnect()
        // Closing a connection gives its subscriptions back.
        #expect(try second.request(Subscribe()).failure == nil)
    }

    /// A subscriber that falls behind has its further events kept by the
    /// daemon, not written into its channel; past `max_event_queue` it is cut
    /// off: it gets what was already on its way and the reason, and the
    /// events kept for it are dropped without being written. (Before, they
    /// all stayed queued as writes, and closing it failed them one by one.)
    @Test func aSubscriberCutOffIsNotWrittenTheEventsItLeftUnread() throws {
        let log = EmbeddedLog()
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"max_event_queue": 50}}"#, log: log.write)
        let sleeper = try EmbeddedConnection(daemon)
        let watcher = try EmbeddedConnection(daemon)
        _ = try sleeper.call(Subscribe())
        _ = try watcher.call(Subscribe())
        let busy = try EmbeddedConnection(daemon)
        // Events written before it stops reading: on their way to it.
        _ = try busy.presentWindow(Present(kind: "text", title: "stays"))
        let onItsWay = try watcher.takeEvents().count
        daemon.setPeerReads(false, on: sleeper.number)
        let cutOff = "left more than 50 events unread; disconnecting it"
        var keptForIt = 0
        while keptForIt <= 60 {
            let window = try busy.presentWindow(Present(kind: "text")).window
            _ = try busy.call(Cancel(window: window))
            keptForIt += try watcher.takeEvents().count
            #expect(log.contains(cutOff) == (keptForIt > 50), "cut off at the 51st event kept, not at \(keptForIt)")
        }
        #expect(try busy.result("status")["subscriptions"] == 1, "its subscription ended with it")
        daemon.setPeerReads(true, on: sleeper.number)
        var messages: [JSON] = []
        while let message = try sleeper.readMessage() { messages.append(message) }
        #expect(messages.count { $0["method"] == "event" } == onItsWay, "only what was on its way reached it")
        #expect(
            messages.last?["error"]?["code"] == -32006
                && messages.last?["error"]?["data"]?["limit"] == "max_event_queue")
        #expect(!sleeper.isOpen, "then its connection is closed")
        #expect(try busy.call(Ping()) == "pong")
    }
}
