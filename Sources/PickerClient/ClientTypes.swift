import PickerJSON
import PickerProtocol

/// One event of a subscription.
public struct ClientEvent: Sendable, Equatable {
    public var subscription: String
    public var seq: Int64
    public var type: String
    public var window: String
    /// All of the event's members (`reason`, `value`, summary fields, …).
    public var params: JSONObject

    init?(params: JSONObject) {
        guard let subscription = params["subscription"]?.stringValue, let seq = params["seq"]?.integerValue,
            let type = params["type"]?.stringValue, let window = params["window"]?.stringValue
        else { return nil }
        self.subscription = subscription
        self.seq = seq
        self.type = type
        self.window = window
        self.params = params
    }
}

/// What `present` asks for: the `present` method's params.
public typealias Presentation = Present
