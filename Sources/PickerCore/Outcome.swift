import PickerJSON

/// How a window ended.
public enum OutcomeReason: String, Sendable, Hashable, CaseIterable {
    case submitted
    case cancelled
    case timeout
    case dismissed
    case ownerGone = "owner_gone"
    case shutdown
}

/// A dismissed window's one and only outcome.
public struct Outcome: Sendable, Hashable {
    public var window: WindowID
    public var reason: OutcomeReason
    /// The value, for the submitter and the window's waiters only.
    public var value: JSON?
    /// What everyone else may see of the value: nil when it is secret.
    public var visibleValue: JSON?
    public var by: Peer?
    public var at: Timestamp
    /// Who presented the window: its rights and quotas outlive the window.
    /// Not on the wire; nil for an outcome stored before owners were kept.
    public var owner: Peer?

    public init(
        window: WindowID, reason: OutcomeReason, value: JSON?, visibleValue: JSON?, by: Peer?, at: Timestamp,
        owner: Peer? = nil
    ) {
        self.window = window
        self.reason = reason
        self.value = value
        self.visibleValue = visibleValue
        self.by = by
        self.at = at
        self.owner = owner
    }

    /// The wire form; `revealingValue` only for the submitter and waiters.
    public func json(revealingValue: Bool) -> JSON {
        .object(fields(revealingValue: revealingValue, includingWindow: true))
    }

    /// The wire form for a connection of `uid`: a secret value only for the
    /// uid that presented the window (the submitter has its own answer).
    public func json(for uid: UInt32) -> JSON {
        json(revealingValue: owner?.uid == uid)
    }

    /// The outcome's members; events put them beside their own `window`.
    public func fields(revealingValue: Bool, includingWindow: Bool) -> JSONObject {
        var object = JSONObject()
        if includingWindow { object["window"] = .string(window.rawValue) }
        object["reason"] = .string(reason.rawValue)
        if let shown = revealingValue ? value : visibleValue { object["value"] = shown }
        if let by { object["by"] = by.json }
        object["at"] = .string(at.rfc3339)
        return object
    }
}
