import PickerJSON

/// `subscribe`: events from now on, filtered by type prefix and window; the
/// subscription's id comes back.
public struct Subscribe: PickerMethod {
    public typealias Result = String
    public static let signature = MethodSignature("subscribe", takes: [.events, .windows], needs: .observe)

    /// Type names or prefixes (`window.`); empty: every type.
    public var events: [String]
    /// Empty: every window.
    public var windows: [WindowID]

    public init(events: [String] = [], windows: [WindowID] = []) {
        self.events = events
        self.windows = windows
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        events = try reader.strings(WireName.events) ?? []
        windows = (try reader.strings(WireName.windows) ?? []).map(WindowID.init)
    }

    public var params: JSONObject {
        var params = JSONObject()
        if !events.isEmpty { params[WireName.events] = .array(events.map(JSON.string)) }
        if !windows.isEmpty { params[WireName.windows] = .array(windows.map { .string($0.rawValue) }) }
        return params
    }

    public static func encode(_ result: String) -> JSON {
        .object(JSONObject([WireName.subscription: .string(result)]))
    }
    public static func decode(_ json: JSON) -> String? { json[WireName.subscription]?.stringValue }
}

/// `unsubscribe`: ends one of this connection's subscriptions.
public struct Unsubscribe: PickerMethod {
    public typealias Result = Bool
    public static let signature = MethodSignature("unsubscribe", takes: [.subscription], needs: nil)

    public var subscription: String

    public init(subscription: String) {
        self.subscription = subscription
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        subscription = try reader.requiredString(WireName.subscription)
    }

    public var params: JSONObject { JSONObject([WireName.subscription: .string(subscription)]) }
}
