import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// PROTOCOL.md's stacking rules, seen through `list` and the event stream.
@Suite struct StackingTests {
    @Test func levelsRecencyAndKeyChanges() throws {
        let daemon = try DaemonProcess()
        let watcher = try TestClient(socketPath: daemon.socketPath)
        _ = try watcher.result("subscribe", ["events": ["window.key", "window.resigned_key", "window.reordered", "window.hidden", "window.shown"]])
        let client = try TestClient(socketPath: daemon.socketPath)
        var ids: [String] = []
        for level: JSON in ["normal", "normal", "alert", "statusBar"] {
            ids.append(try client.result("present", ["kind": "text", "level": level])["window"]!.stringValue!)
        }
        let (first, second, alert, status) = (ids[0], ids[1], ids[2], ids[3])
        func order() throws -> [String] {
            try client.result("list")["windows"]!.arrayValue!.map { $0["window"]!.stringValue! }
        }
        func key() throws -> String? { try client.result("list")["key"]?.stringValue }
        func events(_ count: Int) throws -> [String] {
            try watcher.takeEvents(count: count).map { "\($0["type"]!.stringValue!) \($0["window"]!.stringValue!)" }
        }
        #expect(try order() == [alert, status, second, first])
        #expect(try key() == alert)
        #expect(
            try events(5) == [
                "window.key \(first)", "window.resigned_key \(first)", "window.key \(second)",
                "window.resigned_key \(second)", "window.key \(alert)",
            ])

        _ = try client.result("raise", ["window": .string(first)])
        #expect(try order() == [alert, status, first, second])
        _ = try client.result("lower", ["window": .string(first)])
        #expect(try order() == [alert, status, second, first])
        #expect(try events(2) == ["window.reordered \(first)", "window.reordered \(first)"])

        _ = try client.result("set_level", ["window": .string(first), "level": "alert"])
        #expect(try order() == [first, alert, status, second])
        #expect(try events(3) == ["window.reordered \(first)", "window.resigned_key \(alert)", "window.key \(first)"])

        _ = try client.result("hide", ["window": .string(first)])
        #expect(try order() == [first, alert, status, second], "hidden keeps its place")
        #expect(try key() == alert)
        #expect(try events(3) == ["window.hidden \(first)", "window.resigned_key \(first)", "window.key \(alert)"])
        #expect(try client.result("list", ["include_hidden": false])["windows"]?.arrayValue?.count == 3)
        #expect(try client.result("list", ["level": "normal"])["windows"]?.arrayValue?.map { $0["window"] } == [.string(second)])

        _ = try client.result("show", ["window": .string(first)])
        #expect(try key() == first)
        #expect(try events(3) == ["window.shown \(first)", "window.resigned_key \(alert)", "window.key \(first)"])
    }

    @Test func eventsCarrySequenceNumbersAndFollowFilters() throws {
        let daemon = try DaemonProcess()
        let everything = try TestClient(socketPath: daemon.socketPath)
        let subscription = try everything.result("subscribe")["subscription"]!
        let client = try TestClient(socketPath: daemon.socketPath)
        let a = try client.result("present", ["kind": "text"])["window"]!
        let onlyA = try TestClient(socketPath: daemon.socketPath)
        _ = try onlyA.result("subscribe", ["events": ["window.dismissed"], "windows": [a]])
        let b = try client.result("present", ["kind": "text", "level": "alert"])["window"]!
        _ = try client.result("submit", ["window": b, "value": "bee"])
        _ = try client.result("submit", ["window": a, "value": "ay"])
        let all = try everything.takeEvents(count: 9)
        #expect(all.allSatisfy { $0["subscription"] == subscription })
        let seq = all.compactMap { $0["seq"]?.integerValue }
        #expect(seq == Array(seq[0]..<seq[0] + 9), "one apart, in order")
        #expect(
            all.map { $0["type"]!.stringValue! } == [
                "window.presented", "window.key", "window.presented", "window.resigned_key", "window.key",
                "window.dismissed", "window.resigned_key", "window.key", "window.dismissed",
            ])
        #expect(all[5]["reason"] == "submitted" && all[5]["value"] == "bee" && all[5]["by"]?["uid"] != nil)
        #expect(all[0]["kind"] == "text" && all[0]["level"] == 0)
        let filtered = try onlyA.takeEvents(count: 1)
        #expect(filtered.first?["window"] == a && filtered.first?["value"] == "ay")
        try onlyA.drain(for: 0.3)
        #expect(onlyA.events.isEmpty)
        #expect(try onlyA.error("subscribe", ["events": ["door."]]).code == .invalidParams)
        #expect(try everything.result("unsubscribe", ["subscription": subscription]) == true)
        #expect(try everything.error("unsubscribe", ["subscription": subscription]).code == .invalidParams)
    }
}
