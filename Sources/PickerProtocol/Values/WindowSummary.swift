import PickerJSON

/// The protocol's window summary: `{window, kind, base?, title, level,
/// level_name?, state, key, tag?, deadline?, created_at, owner?, clamped_from?}`. `base` is the
/// built-in kind a preset kind is made from, so a front-end can shape and draw
/// a kind it does not know by name; `created_at` is pickerd's addition, so a
/// listing can show each window's age; `owner` says who asks (`Peer`), so
/// every front-end can show it; `clamped_from` is the level a `present`
/// asked for when the asker lacked the `alert` permission for it.
public struct WindowSummary: Sendable, Equatable {
    public var window: WindowID
    public var kind: String
    public var base: String?
    public var title: String
    public var level: Level
    public var levelName: String?
    public var state: WindowState
    public var isKey: Bool
    public var tag: String?
    public var deadline: Timestamp?
    public var createdAt: Timestamp
    public var owner: Peer?
    public var clampedFrom: Level?

    public init(
        window: WindowID, kind: String, base: String? = nil, title: String, level: Level, levelName: String?,
        state: WindowState, isKey: Bool, tag: String?, deadline: Timestamp?, createdAt: Timestamp, owner: Peer? = nil,
        clampedFrom: Level? = nil
    ) {
        self.window = window
        self.kind = kind
        self.base = base
        self.title = title
        self.level = level
        self.levelName = levelName
        self.state = state
        self.isKey = isKey
        self.tag = tag
        self.deadline = deadline
        self.createdAt = createdAt
        self.owner = owner
        self.clampedFrom = clampedFrom
    }

    public var json: JSON { .object(fields) }

    public var fields: JSONObject {
        var object = JSONObject()
        object[WireName.window] = .string(window.rawValue)
        object[WireName.kind] = .string(kind)
        if let base { object[WireName.base] = .string(base) }
        object[WireName.title] = .string(title)
        object[WireName.level] = .integer(Int64(level.value))
        if let levelName { object[WireName.levelName] = .string(levelName) }
        object[WireName.state] = .string(state.rawValue)
        object[WireName.key] = .bool(isKey)
        if let tag { object[WireName.tag] = .string(tag) }
        if let deadline { object[WireName.deadline] = .string(deadline.rfc3339) }
        object[WireName.createdAt] = .string(createdAt.rfc3339)
        if let owner { object[WireName.owner] = owner.json }
        if let clampedFrom { object[WireName.clampedFrom] = .integer(Int64(clampedFrom.value)) }
        return object
    }

    public init?(json: JSON) {
        guard let window = json[WireName.window]?.stringValue, let kind = json[WireName.kind]?.stringValue,
            let levelValue = json[WireName.level]?.integerValue,
            let level = Int(exactly: levelValue).flatMap(Level.init),
            let state = (json[WireName.state]?.stringValue).flatMap(WindowState.init(rawValue:)),
            let createdAt = json[WireName.createdAt]?.stringValue.flatMap(Timestamp.init(rfc3339:))
        else { return nil }
        var deadline: Timestamp?
        if let text = json[WireName.deadline]?.stringValue {
            guard let instant = Timestamp(rfc3339: text) else { return nil }
            deadline = instant
        }
        self.init(
            window: WindowID(window), kind: kind, base: json[WireName.base]?.stringValue,
            title: json[WireName.title]?.stringValue ?? "",
            level: level, levelName: json[WireName.levelName]?.stringValue, state: state,
            isKey: json[WireName.key]?.boolValue ?? false,
            tag: json[WireName.tag]?.stringValue, deadline: deadline, createdAt: createdAt,
            owner: json[WireName.owner].flatMap(Peer.init(json:)),
            clampedFrom: json[WireName.clampedFrom]?.integerValue.flatMap { Int(exactly: $0) }.flatMap(Level.init))
    }
}
