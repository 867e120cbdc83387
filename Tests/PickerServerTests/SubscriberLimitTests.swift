import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite struct SubscriberLimitTests {
    /// A subscriber that never reads is cut off at `max_event_queue`; everyone
    /// else goes on being answered.
    @Test func aSubscriberThatNeverReadsIsCutOff() throws {
        let daemon = try DaemonProcess(config: #"{"limits": {"max_event_queue": 100}}"#, logLevel: "info")
        let sleeper = try TestClient(socketPath: daemon.socketPath)
        _ = try sleeper.result("subscribe")
        let busy = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        var slowestPing = 0.0
        // Each round makes four events; enough to fill the socket buffers and more.
        for round in 0..<3000 {
            let window = try busy.result("present", ["kind": "text"])["window"]!
            _ = try busy.result("cancel", ["window": window])
            if round % 250 == 0 {
                let start = Date()
                #expect(try bystander.result("ping") == "pong")
                slowestPing = max(slowestPing, Date().timeIntervalSince(start))
            }
        }
        // The subscriber was disconnected: its subscription is gone.
        let deadline = Date().addingTimeInterval(10)
        var subscriptions: JSON = .null
        while Date() < deadline {
            subscriptions = try bystander.result("status")["subscriptions"]!
            if subscriptions == 0 { break }
            usleep(50_000)
        }
        #expect(subscriptions == 0)
        #expect(sleeper.closes(within: 10), "the subscriber's connection ends")
        #expect(sleeper.others.last?["error"]?["code"] == -32006 || sleeper.others.count < 12_000)
        #expect(daemon.log.contains("left more than 100 events unread; disconnecting it"))
        print("slowest bystander ping while a subscriber was stuck: \(Int(slowestPing * 1000)) ms")
    }
}
