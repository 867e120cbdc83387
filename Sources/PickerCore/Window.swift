import PickerJSON
import PickerProtocol

/// An open window, as the model keeps it. Only the model touches it; everyone
/// else sees `WindowSummary` and `WindowDetails` snapshots.
final class Window {
    let id: WindowID
    let kind: String
    /// The built-in kind a preset kind is made from, as it was when the window
    /// was presented: a reload that changes the preset does not reshape it.
    let base: String?
    let title: String
    let message: String?
    let picker: any PreparedPicker
    let defaultValue: JSON?
    let tag: String?
    /// Its connection changes when the asker comes back (`PickerModel.reattach`).
    var owner: Owner
    let onDisconnect: DisconnectPolicy
    let createdAt: Timestamp
    let deadline: Timestamp?

    var level: Level
    /// The level `present` asked for, when it was clamped for want of the `alert` permission.
    let clampedFrom: Level?
    /// Place within the level: higher is nearer the top.
    var position: Int64
    var isHidden: Bool
    /// The live, unsubmitted selection.
    var value: JSON?
    /// When the owner's grace period ends, once its connection has closed.
    var ownerGraceDeadline: Timestamp?
    /// Its `window.changed` events, when they are coalesced (`ChangeCoalescing`).
    var changes = ChangeCoalescing()

    init(
        id: WindowID, request: Present, level: Level, base: String?, title: String, picker: any PreparedPicker,
        defaultValue: JSON?,
        owner: Owner, createdAt: Timestamp, deadline: Timestamp?, position: Int64, clampedFrom: Level? = nil
    ) {
        self.id = id
        kind = request.kind
        self.base = base
        self.title = title
        message = request.message
        self.picker = picker
        self.defaultValue = defaultValue
        tag = request.tag
        self.owner = owner
        onDisconnect = request.onDisconnect ?? .keep
        self.createdAt = createdAt
        self.deadline = deadline
        self.level = level
        self.clampedFrom = clampedFrom
        self.position = position
        isHidden = request.hidden
        value = picker.initialValue
    }

    /// Whether `connection` is the asker's: the one that presented the
    /// window or took it back with `wait`.
    func isAsker(_ connection: ConnectionID?) -> Bool {
        connection != nil && owner.connection == connection
    }

    /// A given value beside the live one, where the asker moves part of the
    /// window (`PreparedPicker.settled`).
    func settled(_ given: JSON, by giver: ValueGiver) -> JSON {
        picker.hasAskerMovedParts ? picker.settled(given, over: value, by: giver) : given
    }

    var stackKey: StackOrder<Window>.Key {
        StackOrder.Key(level: level.value, position: position)
    }

    /// Its summary, with what may change given as it is (or was, for a `StackSnapshot`).
    func summary(level: Level, levelName: String?, state: WindowState, isKey: Bool) -> WindowSummary {
        WindowSummary(
            window: id, kind: kind, base: base, title: title, level: level, levelName: levelName, state: state,
            isKey: isKey,
            tag: tag, deadline: deadline, createdAt: createdAt, owner: owner.peer, clampedFrom: clampedFrom)
    }
}
