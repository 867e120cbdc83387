import PickerJSON

/// `present`: opens a window. Its summary comes back at once, or with `wait`
/// its outcome once it ends.
public struct Present: PickerMethod {
    public enum Result: Sendable, Equatable {
        case window(WindowSummary)
        case outcome(Outcome)
    }

    public static let name = "present"
    public static let paramNames = [
        "kind", "title", "message", "level", "options", "timeout_ms", "default", "tag", "hidden", "on_disconnect", "wait",
    ]
    public static let permission: Permission? = .present

    public var kind: String
    public var title: String?
    public var message: String?
    public var level: LevelSpec?
    public var options: JSONObject
    public var timeoutMilliseconds: Int64?
    public var defaultValue: JSON?
    public var tag: String?
    public var hidden: Bool
    /// `keep` when nil (the daemon's default).
    public var onDisconnect: DisconnectPolicy?
    /// Whether the answer is the outcome, once the window ends.
    public var wait: Bool

    public init(
        kind: String, title: String? = nil, message: String? = nil, level: LevelSpec? = nil,
        options: JSONObject = JSONObject(), timeoutMilliseconds: Int64? = nil, defaultValue: JSON? = nil,
        tag: String? = nil, hidden: Bool = false, onDisconnect: DisconnectPolicy? = nil, wait: Bool = false
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
        self.wait = wait
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        kind = try reader.requiredString("kind")
        title = try reader.string("title")
        message = try reader.string("message")
        level = try reader.level("level")
        options = try reader.object("options")?.members ?? JSONObject()
        timeoutMilliseconds = try reader.integer("timeout_ms", in: 1...Int64.max)
        defaultValue = reader["default"]
        tag = try reader.string("tag")
        hidden = try reader.bool("hidden") ?? false
        if let policy = try reader.string("on_disconnect") {
            guard let value = DisconnectPolicy(rawValue: policy) else {
                throw RPCError.invalidParams("on_disconnect must be keep or dismiss, not '\(policy.prefix(20))'", field: "on_disconnect")
            }
            onDisconnect = value
        }
        wait = try reader.bool("wait") ?? false
    }

    public var params: JSONObject {
        var params: JSONObject = ["kind": .string(kind)]
        if let title { params["title"] = .string(title) }
        if let message { params["message"] = .string(message) }
        if let level { params["level"] = level.json }
        if !options.isEmpty { params["options"] = .object(options) }
        if let timeoutMilliseconds { params["timeout_ms"] = .integer(timeoutMilliseconds) }
        if let defaultValue { params["default"] = defaultValue }
        if let tag { params["tag"] = .string(tag) }
        if hidden { params["hidden"] = true }
        if let onDisconnect { params["on_disconnect"] = .string(onDisconnect.rawValue) }
        if wait { params["wait"] = true }
        return params
    }

    public static func encode(_ result: Result) -> JSON {
        switch result {
        case .window(let summary): return summary.json
        case .outcome(let outcome): return outcome.json
        }
    }

    public static func decode(_ json: JSON) -> Result? {
        if json["reason"] != nil { return Outcome(json: json).map(Result.outcome) }
        return WindowSummary(json: json).map(Result.window)
    }
}
