import PickerJSON

public enum WindowState: String, Sendable {
    case visible
    case hidden
    case dismissed
}

/// The protocol's window summary: `{window, kind, title, level, level_name?,
/// state, key, tag?, deadline?, created_at}` (`created_at` is pickerd's addition,
/// so a listing can show each window's age).
public struct WindowSummary: Sendable, Equatable {
    public var window: WindowID
    public var kind: String
    public var title: String
    public var level: Level
    public var levelName: String?
    public var state: WindowState
    public var isKey: Bool
    public var tag: String?
    public var deadline: Timestamp?
    public var createdAt: Timestamp

    public var json: JSON { .object(fields) }

    public var fields: JSONObject {
        var object = JSONObject()
        object["window"] = .string(window.rawValue)
        object["kind"] = .string(kind)
        object["title"] = .string(title)
        object["level"] = .integer(Int64(level.value))
        if let levelName { object["level_name"] = .string(levelName) }
        object["state"] = .string(state.rawValue)
        object["key"] = .bool(isKey)
        if let tag { object["tag"] = .string(tag) }
        if let deadline { object["deadline"] = .string(deadline.rfc3339) }
        object["created_at"] = .string(createdAt.rfc3339)
        return object
    }
}

/// What `get` returns: the summary plus the window's contents.
public struct WindowDetails: Sendable, Equatable {
    public var summary: WindowSummary
    public var message: String?
    public var options: JSON
    /// The live selection; nil when there is none or it is secret.
    public var value: JSON?
    public var owner: Peer

    public var json: JSON {
        var object = summary.fields
        if let message { object["message"] = .string(message) }
        object["options"] = options
        if let value { object["value"] = value }
        object["owner"] = owner.json
        return .object(object)
    }
}

/// What the model knows of a window id.
public enum WindowLookup: Sendable, Equatable {
    case open(WindowSummary)
    case dismissed(Outcome)
    case unknown
}

/// The stack as `list` shows it, top first.
public struct WindowList: Sendable, Equatable {
    public var key: WindowID?
    public var windows: [WindowSummary]

    public var json: JSON {
        ["key": key.map { .string($0.rawValue) } ?? .null, "windows": .array(windows.map(\.json))]
    }
}

/// How many windows ended each way since the daemon started.
public struct OutcomeCounters: Sendable, Equatable {
    public var presented = 0
    public var byReason: [OutcomeReason: Int] = [:]

    public subscript(reason: OutcomeReason) -> Int { byReason[reason, default: 0] }

    public var json: JSON {
        [
            "presented": .integer(Int64(presented)), "submitted": .integer(Int64(self[.submitted])),
            "cancelled": .integer(Int64(self[.cancelled])), "timeout": .integer(Int64(self[.timeout])),
            "dismissed": .integer(Int64(self[.dismissed])), "owner_gone": .integer(Int64(self[.ownerGone])),
        ]
    }
}
