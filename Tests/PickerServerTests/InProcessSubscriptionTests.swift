import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// `subscribe` and the event stream, on the embedded daemon: what comes, in
/// what order, to whom, and how many subscriptions a user may hold. (One that
/// never reads its events is cut off by the real daemon: SubscriberLimitTests,
/// as it takes a socket whose buffers fill.)
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
}
