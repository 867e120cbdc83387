import PickerJSON
import PickerProtocol

/// Everything a window needs to come back after a restart, with its secret
/// parts already left out: `value` and `defaultValue` are redacted by the
/// window's kind, and `options` is the canonical form, which holds no secrets.
public struct WindowRecord: Sendable, Equatable {
    public var id: WindowID
    public var kind: String
    public var title: String
    public var message: String?
    public var level: Level
    public var position: Int64
    public var isHidden: Bool
    public var options: JSON
    public var value: JSON?
    public var defaultValue: JSON?
    public var tag: String?
    public var owner: Peer
    public var onDisconnect: DisconnectPolicy
    public var createdAt: Timestamp
    public var deadline: Timestamp?
    /// The level `present` asked for when it was clamped (the `alert` permission).
    public var clampedFrom: Level?

    public init(
        id: WindowID, kind: String, title: String, message: String?, level: Level, position: Int64, isHidden: Bool,
        options: JSON, value: JSON?, defaultValue: JSON?, tag: String?, owner: Peer, onDisconnect: DisconnectPolicy,
        createdAt: Timestamp, deadline: Timestamp?, clampedFrom: Level? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.message = message
        self.level = level
        self.position = position
        self.isHidden = isHidden
        self.options = options
        self.value = value
        self.defaultValue = defaultValue
        self.tag = tag
        self.owner = owner
        self.onDisconnect = onDisconnect
        self.createdAt = createdAt
        self.deadline = deadline
        self.clampedFrom = clampedFrom
    }
}

/// The model's counters that must survive a restart so ids never repeat and
/// restored windows keep their order.
public struct ModelCounters: Sendable, Equatable {
    public var nextWindowNumber: UInt64
    public var nextTopPosition: Int64
    public var nextBottomPosition: Int64

    /// The defaults are a fresh daemon's: window 1 first, the stack empty.
    public init(nextWindowNumber: UInt64 = 1, nextTopPosition: Int64 = 1, nextBottomPosition: Int64 = 0) {
        self.nextWindowNumber = nextWindowNumber
        self.nextTopPosition = nextTopPosition
        self.nextBottomPosition = nextBottomPosition
    }
}
