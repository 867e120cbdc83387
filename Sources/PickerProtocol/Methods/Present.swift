import PickerJSON

/// `present`: opens a window. Its summary comes back at once, or with `wait`
/// its outcome once it ends.
public struct Present: PickerMethod {
    public enum Result: Sendable, Equatable {
        case window(WindowSummary)
        case outcome(Outcome)
    }

    public static let signature = MethodSignature(
        "present",
        takes: [
            .kind, .title, .message, .level, .options, .timeoutMs, .`default`, .tag, .hidden, .onDisconnect, .wait,
            .browsable,
        ],
        needs: .present)

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
    /// Whether this connection answers `browse` for its `file` window.
    public var browsable: Bool

    public init(
        kind: String, title: String? = nil, message: String? = nil, level: LevelSpec? = nil,
        options: JSONObject = JSONObject(), timeoutMilliseconds: Int64? = nil, defaultValue: JSON? = nil,
        tag: String? = nil, hidden: Bool = false, onDisconnect: DisconnectPolicy? = nil, wait: Bool = false,
        browsable: Bool = false
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
        self.browsable = browsable
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        kind = try reader.requiredString(WireName.kind)
        title = try reader.string(WireName.title)
        message = try reader.string(WireName.message)
        level = try reader.level(WireName.level)
        options = try reader.object(WireName.options)?.members ?? JSONObject()
        timeoutMilliseconds = try reader.integer(WireName.timeoutMs, in: 1...Int64.max)
        defaultValue = reader[WireName.`default`]
        tag = try reader.string(WireName.tag)
        hidden = try reader.bool(WireName.hidden) ?? false
        if let policy = try reader.string(WireName.onDisconnect) {
            guard let value = DisconnectPolicy(rawValue: policy) else {
                throw RPCError.invalidParams(
                    "\(WireName.onDisconnect.jsonKey) must be keep or dismiss, not '\(policy.prefix(20))'",
                    field: WireName.onDisconnect.jsonKey)
            }
            onDisconnect = value
        }
        wait = try reader.bool(WireName.wait) ?? false
        browsable = try reader.bool(WireName.browsable) ?? false
    }

    public var params: JSONObject {
        var params = JSONObject([WireName.kind: .string(kind)])
        if let title { params[WireName.title] = .string(title) }
        if let message { params[WireName.message] = .string(message) }
        if let level { params[WireName.level] = level.json }
        if !options.isEmpty { params[WireName.options] = .object(options) }
        if let timeoutMilliseconds { params[WireName.timeoutMs] = .integer(timeoutMilliseconds) }
        if let defaultValue { params[WireName.`default`] = defaultValue }
        if let tag { params[WireName.tag] = .string(tag) }
        if hidden { params[WireName.hidden] = true }
        if let onDisconnect { params[WireName.onDisconnect] = .string(onDisconnect.rawValue) }
        if wait { params[WireName.wait] = true }
        if browsable { params[WireName.browsable] = true }
        return params
    }

    public static func encode(_ result: Result) -> JSON { .object(JSONObject(shape: result)) }

    public static func decode(_ json: JSON) -> Result? {
        if json[WireName.reason] != nil { return Outcome(json: json).map(Result.outcome) }
        return WindowSummary(json: json).map(Result.window)
    }
}

extension Present.Result: JSONObjectShape {
    /// The summary, or with `wait` the outcome.
    public func writeMembers(to writer: inout some JSONMemberWriter) {
        switch self {
        case .window(let summary): summary.writeMembers(to: &writer)
        case .outcome(let outcome): outcome.writeMembers(to: &writer)
        }
    }
}
