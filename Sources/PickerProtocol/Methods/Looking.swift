import PickerJSON

/// `list`: the open windows, top of the stack first, and the key window.
public struct List: PickerMethod {
    public typealias Result = WindowList
    public static let signature = MethodSignature("list", takes: [.includeHidden, .level], needs: .observe)

    public var includeHidden: Bool
    public var level: LevelSpec?

    public init(includeHidden: Bool = true, level: LevelSpec? = nil) {
        self.includeHidden = includeHidden
        self.level = level
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        includeHidden = try reader.bool(WireName.includeHidden) ?? true
        level = try reader.level(WireName.level)
    }

    public var params: JSONObject {
        var params = JSONObject([WireName.includeHidden: .bool(includeHidden)])
        if let level { params[WireName.level] = level.json }
        return params
    }

    public static func encode(_ result: WindowList) -> JSON { result.json }
    public static func decode(_ json: JSON) -> WindowList? { WindowList(json: json) }
}

/// `get`: a window's summary, contents, live value (unless secret) and owner.
public struct Get: WindowMethod {
    public typealias Result = WindowDetails
    public static let signature = MethodSignature("get", takes: [.window], needs: .observe)
    public var window: WindowID
    public init(window: WindowID) { self.window = window }

    public static func encode(_ result: WindowDetails) -> JSON { result.json }
    public static func decode(_ json: JSON) -> WindowDetails? { WindowDetails(json: json) }
}

/// `history`: ended windows' outcomes, newest first, secret values left out.
public struct History: PickerMethod {
    public typealias Result = [Outcome]
    public static let signature = MethodSignature("history", takes: [.limit, .window], needs: .observe)
    public static let defaultLimit = 50

    public var limit: Int
    public var window: WindowID?

    public init(limit: Int = History.defaultLimit, window: WindowID? = nil) {
        self.limit = limit
        self.window = window
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        limit = Int(try reader.integer(WireName.limit, in: 1...100_000) ?? Int64(Self.defaultLimit))
        window = try reader.optionalWindow()
    }

    public var params: JSONObject {
        var params = JSONObject([WireName.limit: .integer(Int64(limit))])
        if let window { params[WireName.window] = .string(window.rawValue) }
        return params
    }

    public static func encode(_ result: [Outcome]) -> JSON {
        .object(JSONObject([WireName.outcomes: .array(result.map(\.json))]))
    }

    public static func decode(_ json: JSON) -> [Outcome]? {
        guard let items = json[WireName.outcomes]?.arrayValue else { return nil }
        let outcomes = items.compactMap(Outcome.init(json:))
        return outcomes.count == items.count ? outcomes : nil
    }
}

/// `status`: the daemon's version, uptime, counts and counters.
public struct Status: ParameterlessMethod {
    public typealias Result = DaemonStatus
    public static let signature = MethodSignature("status", needs: .observe)
    public init() {}

    public static func encode(_ result: DaemonStatus) -> JSON { result.json }
    public static func decode(_ json: JSON) -> DaemonStatus? { DaemonStatus(json: json) }
}
