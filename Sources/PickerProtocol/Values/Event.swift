import PickerJSON

/// An event notification's params: `{subscription, seq, type, window, …}`
/// with the payload's members after them. Clients read events; only the
/// daemon makes them, from its members (`members(seq:type:window:payload:)`).
public struct Event: Sendable, Equatable {
    /// The `method` of every event notification.
    public static let method = "event"

    public var subscription: String
    /// Rises by exactly one per event across the daemon.
    public var seq: UInt64
    public var type: EventType
    /// The window it is about; nil (null on the wire) for an event of the
    /// daemon as a whole, `quiet.changed`.
    public var window: WindowID?
    public var payload: EventPayload

    /// The whole params object.
    public var params: JSONObject {
        var params: JSONObject = JSONObject([WireName.subscription: .string(subscription)])
        for member in Self.members(seq: seq, type: type, window: window, payload: payload) {
            params[member.key] = member.value
        }
        return params
    }

    /// Everything after `subscription`: what the daemon serializes once for
    /// every subscriber of an event.
    public static func members(seq: UInt64, type: EventType, window: WindowID?, payload: EventPayload) -> JSONObject {
        var members: JSONObject = JSONObject([
            WireName.seq: .integer(Int64(seq)), WireName.type: .string(type.rawValue),
            WireName.window: window.map { .string($0.rawValue) } ?? .null,
        ])
        for member in payload.fields { members[member.key] = member.value }
        return members
    }
}

extension Event {
    public init?(params: JSONObject) {
        guard let subscription = params[WireName.subscription]?.stringValue,
            let seq = params[WireName.seq]?.integerValue.flatMap(UInt64.init(exactly:)),
            let type = params[WireName.type]?.stringValue.flatMap(EventType.init(rawValue:))
        else { return nil }
        // A window's event names its window; the daemon's has null.
        let window = params[WireName.window]?.stringValue.map(WindowID.init)
        guard (window != nil) == type.isAboutAWindow,
            let payload = EventPayload(type: type, window: window, params: params)
        else { return nil }
        self.init(subscription: subscription, seq: seq, type: type, window: window, payload: payload)
    }
}
