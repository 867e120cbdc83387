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

    public var fields: JSONObject { JSONObject(shape: self) }

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

extension WindowSummary: JSONObjectShape {
    /// The summary's one wire shape, for `fields` and for answers written straight into bytes.
    public func writeMembers(to writer: inout some JSONMemberWriter) {
        writer.write(WireName.window, .string(window.rawValue))
        writer.write(WireName.kind, .string(kind))
        if let base { writer.write(WireName.base, .string(base)) }
        writer.write(WireName.title, .string(title))
        writer.write(WireName.level, .integer(Int64(level.value)))
        if let levelName { writer.write(WireName.levelName, .string(levelName)) }
        writer.write(WireName.state, .string(state.rawValue))
        writer.write(WireName.key, .bool(isKey))
        if let tag { writer.write(WireName.tag, .string(tag)) }
        if let deadline { writer.write(WireName.deadline, .string(deadline.rfc3339)) }
        writer.write(WireName.createdAt, .string(createdAt.rfc3339))
        if let owner { writer.write(WireName.owner, object: owner) }
        if let clampedFrom { writer.write(WireName.clampedFrom, .integer(Int64(clampedFrom.value))) }
    }
}
