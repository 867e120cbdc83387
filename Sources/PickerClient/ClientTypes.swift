import PickerJSON

/// A window as `list`, `present` and the window methods describe it.
public struct WindowSummary: Sendable, Equatable {
    public var id: String
    public var kind: String
    public var title: String
    public var level: Int
    public var levelName: String?
    public var state: String
    public var isKey: Bool
    public var tag: String?
    /// RFC 3339, when the window has a timeout.
    public var deadline: String?
    public var createdAt: String?
    /// Everything the daemon sent.
    public var json: JSON

    public init?(json: JSON) {
        guard let id = json["window"]?.stringValue, let kind = json["kind"]?.stringValue,
            let level = json["level"]?.integerValue
        else { return nil }
        self.id = id
        self.kind = kind
        title = json["title"]?.stringValue ?? ""
        self.level = Int(level)
        levelName = json["level_name"]?.stringValue
        state = json["state"]?.stringValue ?? "visible"
        isKey = json["key"]?.boolValue ?? false
        tag = json["tag"]?.stringValue
        deadline = json["deadline"]?.stringValue
        createdAt = json["created_at"]?.stringValue
        self.json = json
    }
}

/// The stack as `list` shows it, top first.
public struct WindowList: Sendable, Equatable {
    public var key: String?
    public var windows: [WindowSummary]
}

/// How a window ended.
public struct Outcome: Sendable, Equatable {
    public enum Reason: String, Sendable {
        case submitted, cancelled, timeout, dismissed
        case ownerGone = "owner_gone"
        case shutdown
    }

    public var window: String
    public var reason: Reason
    public var value: JSON?
    public var byUID: Int?
    public var byPID: Int?
    public var at: String
    public var json: JSON

    public init?(json: JSON) {
        guard let window = json["window"]?.stringValue, let reasonName = json["reason"]?.stringValue,
            let reason = Reason(rawValue: reasonName)
        else { return nil }
        self.window = window
        self.reason = reason
        value = json["value"]
        byUID = json["by"]?["uid"]?.integerValue.map(Int.init)
        byPID = json["by"]?["pid"]?.integerValue.map(Int.init)
        at = json["at"]?.stringValue ?? ""
        self.json = json
    }
}

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

/// A level by name (`alert`) or number.
public enum LevelSpec: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case named(String)
    case value(Int)

    public init(stringLiteral value: String) { self = .named(value) }
    public init(integerLiteral value: Int) { self = .value(value) }

    /// Reads `alert` or `2000`.
    public init(_ text: String) {
        self = Int(text).map(LevelSpec.value) ?? .named(text)
    }

    var json: JSON {
        switch self {
        case .named(let name): return .string(name)
        case .value(let value): return .integer(Int64(value))
        }
    }
}

/// What `present` asks for.
public struct Presentation: Sendable {
    public var kind: String
    public var title: String?
    public var message: String?
    public var level: LevelSpec?
    public var options: JSONObject
    public var timeoutMilliseconds: Int64?
    public var defaultValue: JSON?
    public var tag: String?
    public var hidden: Bool
    /// `keep` (the daemon's default) or `dismiss`.
    public var onDisconnect: String?

    public init(
        kind: String, title: String? = nil, message: String? = nil, level: LevelSpec? = nil,
        options: JSONObject = JSONObject(), timeoutMilliseconds: Int64? = nil, defaultValue: JSON? = nil,
        tag: String? = nil, hidden: Bool = false, onDisconnect: String? = nil
    ) {
        self.kind = kind
        self.title = title
        self.message = message
        self.level = level
        self.options = options
        self.timeoutMilliseconds = timeoutMilliseconds
        self.defaultValue = defaultValue
        self.tag = tag
        self.hidden = hidden
        self.onDisconnect = onDisconnect
    }

    func params(wait: Bool) -> JSONObject {
        var params: JSONObject = ["kind": .string(kind)]
        if let title { params["title"] = .string(title) }
        if let message { params["message"] = .string(message) }
        if let level { params["level"] = level.json }
        if !options.isEmpty { params["options"] = .object(options) }
        if let timeoutMilliseconds { params["timeout_ms"] = .integer(timeoutMilliseconds) }
        if let defaultValue { params["default"] = defaultValue }
        if let tag { params["tag"] = .string(tag) }
        if hidden { params["hidden"] = true }
        if let onDisconnect { params["on_disconnect"] = .string(onDisconnect) }
        if wait { params["wait"] = true }
        return params
    }
}
