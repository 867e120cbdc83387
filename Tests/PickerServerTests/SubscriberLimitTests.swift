import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Synchronization
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

    /// A subscriber that falls behind has its further events kept by the
    /// daemon, not written into its channel one write each; cut off at
    /// `max_event_queue`, it gets what was already on its way and the reason,
    /// and the events kept for it are dropped without being written. (Before,
    /// all 5,000 stayed queued as writes, and closing it failed them one by one.)
    @Test func aSubscriberCutOffIsNotWrittenTheEventsItLeftUnread() throws {
        let daemon = try DaemonProcess(config: #"{"limits": {"max_event_queue": 5000}}"#, logLevel: "info")
        let sleeper = try TestClient(socketPath: daemon.socketPath)
        _ = try sleeper.result("subscribe")
        let presents =
            "["
            + (1...100).map { #"{"jsonrpc":"2.0","id":"p\#($0)","method":"present","params":{"kind":"text"}}"# }.joined(
                separator: ",") + "]"
        // About 400 events of 200 bytes a round, 12,000 at most, from another
        // thread: once cut off, the subscriber reads at once, for a closing
        // peer has two seconds to read what is owed (`closeAfterFlush`), and
        // under a sanitizer the rounds left after the cut-off took longer
        // than that, so its reason was dropped unread.
        let cutOff = "left more than 5000 events unread; disconnecting it"
        let socketPath = daemon.socketPath
        let roundsDone = DispatchSemaphore(value: 0)
        let stop = StopFlag()
        DispatchQueue.global().async {
            defer { roundsDone.signal() }
            guard let busy = try? TestClient(socketPath: socketPath) else { return }
            for _ in 0..<30 where !stop.isSet.load(ordering: .relaxed) {
                busy.send(line: presents)
                guard (try? busy.readLine(timeout: 60)) != nil,
                    (try? busy.result("dismiss", ["all": true], timeout: 60)) != nil
                else { return }
            }
        }
        try daemon.waitForLog(cutOff, timeout: 300)
        // Its bytes first, parsed only after the close: parsing as it reads
        // was too slow for the two seconds on a loaded machine.
        let written = try #require(try Self.everyByte(from: sleeper), "the subscriber's connection ends")
        stop.isSet.store(true, ordering: .relaxed)
        roundsDone.wait()
        let messages = try written.split(separator: 0x0A).map { try JSON.parse(String(decoding: $0, as: UTF8.self)) }
        #expect(messages.last?["error"]?["code"] == -32006)
        let events = messages.count { $0["method"] == "event" }
        #expect(events < 5000, "\(events) events reached it: only what was on its way before it fell behind")
        #expect(daemon.log.contains(cutOff))
    }

    /// Everything the daemon writes to `client` until it closes the
    /// connection, read as fast as it comes; nil if it is not closed in 30 s.
    static func everyByte(from client: TestClient) throws -> [UInt8]? {
        let deadline = Date().addingTimeInterval(30)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while Date() < deadline {
            var poller = pollfd(fd: client.descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 1000) > 0 else { continue }
            let count = chunk.withUnsafeMutableBytes { read(client.descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes += chunk[0..<count]
        }
        return nil
    }
}

/// Tells rounds running on another thread to stop.
private final class StopFlag: Sendable {
    let isSet = Atomic(false)
}
