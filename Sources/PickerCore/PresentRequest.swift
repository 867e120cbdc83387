import PickerJSON
import PickerProtocol

/// A `present` call's parameters, once the protocol layer has read them.
public struct PresentRequest: Sendable {
    public var kind: String
    public var title: String?
    public var message: String?
    public var level: Level
    public var options: JSONObject
    public var timeoutMilliseconds: Int64?
    public var defaultValue: JSON?
    public var tag: String?
    public var isHidden: Bool
    public var onDisconnect: DisconnectPolicy

    public init(
        kind: String, title: String? = nil, message: String? = nil, level: Level = .normal,
        options: JSONObject = JSONObject(), timeoutMilliseconds: Int64? = nil, defaultValue: JSON? = nil,
        tag: String? = nil, isHidden: Bool = false, onDisconnect: DisconnectPolicy = .keep
    ) {
        self.kind = kind
        self.title = title
        self.message = message
        self.level = level
        self.options = options
        self.timeoutMilliseconds = timeoutMilliseconds
        self.defaultValue = defaultValue
        self.tag = tag
        self.isHidden = isHidden
        self.onDisconnect = onDisconnect
    }
}
