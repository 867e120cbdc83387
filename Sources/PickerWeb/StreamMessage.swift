import PickerJSON
import PickerProtocol

/// One Server-Sent Events message to the page. It says what changed, never
/// a value: the page reads the state again (docs/web.md, "Event stream").
enum StreamMessage: Sendable, Equatable {
    /// The first message on every connection: the last event's `seq`
    /// (nil with several hosts: their `seq`s are not one sequence).
    case sync(seq: UInt64?)
    /// A daemon event (`quiet.changed` is about no one window); `seq` as in `sync`.
    case change(seq: UInt64?, type: EventType, window: WindowID?)
    /// The connection to pickerd came or went.
    case daemon(connected: Bool)
    /// With several hosts: one of them came or went (the others are unchanged).
    case host(label: String, connected: Bool)
    /// A comment that keeps proxies from closing an idle stream.
    case keepAlive

    /// The message as the stream carries it.
    var text: String {
        switch self {
        case .sync(let seq):
            return Self.id(seq) + "event: sync\ndata: {}\n\n"
        case .change(let seq, let type, let window):
            let data = JSONObject([
                WireName.type: .string(type.rawValue), WireName.window: window.map { .string($0.rawValue) } ?? .null,
            ])
            return Self.id(seq) + "event: change\ndata: \(JSON.object(data).serialized())\n\n"
        case .daemon(let connected):
            let data = JSONObject([PageName.connected: .bool(connected)])
            return "event: daemon\ndata: \(JSON.object(data).serialized())\n\n"
        case .host(let label, let connected):
            let data = JSONObject([PageName.host: .string(label), PageName.connected: .bool(connected)])
            return "event: host\ndata: \(JSON.object(data).serialized())\n\n"
        case .keepAlive:
            return ": keep-alive\n\n"
        }
    }

    /// The `id:` line of a message about `seq`, or none.
    private static func id(_ seq: UInt64?) -> String {
        seq.map { "id: \($0)\n" } ?? ""
    }
}
