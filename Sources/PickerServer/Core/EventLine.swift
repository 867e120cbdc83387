import PickerCore
import PickerJSON
import PickerProtocol

/// An event notification's line, serialized once however many subscribe to it:
/// each subscription has its own head, and every subscriber is sent the same
/// body, which NIO writes from one shared buffer.
///
///     head: {"jsonrpc":"2.0","method":"event","params":{"subscription":"s1",
///     body: "seq":42,"type":"window.dismissed","window":"w7",…}}\n
///
/// Together they are exactly `RPCResponse.event` with `subscription` first.
enum EventLine {
    static func head(subscription: String) -> [UInt8] {
        var bytes: [UInt8] = []
        RPCResponse.event(JSONObject([WireName.subscription: .string(subscription)])).serialize(into: &bytes)
        // Drop the closing "}}" to leave the params object open for the body.
        bytes.removeLast(2)
        bytes.append(UInt8(ascii: ","))
        return bytes
    }

    static func body(of event: PickerEvent) -> [UInt8] {
        let members = Event.members(seq: event.seq, type: event.kind, window: event.window, payload: event.payload)
        var bytes: [UInt8] = []
        JSON.object(members).serialize(into: &bytes)
        bytes.removeFirst()
        bytes.append(contentsOf: "}\n".utf8)
        return bytes
    }
}
