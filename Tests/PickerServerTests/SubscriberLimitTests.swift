import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

@Suite(.tags(.process)) struct SubscriberLimitTests {
    /// A subscriber that never reads is cut off at `max_event_queue`; everyone
    /// else goes on being answered.
    @Test func aSubscriberThatNeverReadsIsCutOff() throws {
        let daemon = try DaemonProcess(config: #"{"limits": {"max_event_queue": 100}}"#, logLevel: "info")
        let sleeper = try TestClient(socketPath: daemon.socketPath)
        _ = try sleeper.result("subscribe")
        let busy = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        var slowestPing = 0.0
        var slowestCall = 0.0
        // Each round makes four events of about 200 bytes: far more than the
        // socket buffers (a few hundred KiB) and the 100-event limit hold.
        for round in 0..<2000 {
            let start = Date()
            let window = try busy.result("present", ["kind": "text"], timeout: 60)["window"]!
            _ = try busy.result("cancel", ["window": window], timeout: 60)
            slowestCall = max(slowestCall, Date().timeIntervalSince(start))
            if round % 250 == 0 {
                let start = Date()
                #expect(try bystander.result("ping", timeout: 60) == "pong")
                slowestPing = max(slowestPing, Date().timeIntervalSince(start))
            }
        }
        // The subscriber was disconnected: its subscription is gone.
        try eventually("the subscription to be gone") { try bystander.result("status")["subscriptions"] == 0 }
        #expect(sleeper.closes(within: 10), "the subscriber's connection ends")
        #expect(sleeper.others.last?["error"]?["code"] == -32006 || sleeper.others.count < 12_000)
        #expect(daemon.log.contains("left more than 100 events unread; disconnecting it"))
        print(
            "while a subscriber was stuck: slowest bystander ping \(Int(slowestPing * 1000)) ms, slowest present+cancel \(Int(slowestCall * 1000)) ms"
        )
    }

    // A subscriber cut off is not written the events it left unread:
    // InProcessSubscriptionTests, with a peer that stops reading.
}
