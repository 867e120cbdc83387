import PickerCore
import PickerJSON
import PickerProtocol
import Testing

@testable import PickerServer

/// An event line serialized once and shared is byte for byte the line built
/// for one subscriber.
@Suite struct EventLineTests {
    @Test func headAndSharedBodyAreTheWholeEventLine() throws {
        let outcome = Outcome(
            window: WindowID("w7"), reason: .submitted, value: ["a", "\u{1}\n"], by: Peer(uid: 0, pid: 1),
            at: Timestamp(rfc3339: "2026-11-21T22:31:07Z")!)
        let event = PickerEvent(seq: 42, kind: .dismissed, window: WindowID("w7"), payload: .dismissed(outcome))
        let params: JSONObject = [
            "subscription": "s12", "seq": 42, "type": "window.dismissed", "window": "w7",
            "reason": "submitted", "value": ["a", "\u{1}\n"], "by": ["uid": 0, "pid": 1], "at": "2026-11-21T22:31:07Z",
        ]
        var expected: [UInt8] = []
        RPCResponse.event(params).serialize(into: &expected)
        expected.append(0x0A)
        #expect(EventLine.head(subscription: "s12") + EventLine.body(of: event) == expected)
        #expect(try JSON.parse(String(decoding: expected.dropLast(), as: UTF8.self))["params"]?["seq"] == 42)
    }
}
