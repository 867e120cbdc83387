import PickerJSON
import PickerProtocol

/// A dismissed window's one and only outcome, as the model keeps it: the
/// value, what others may see of it, and who presented the window.
public struct RecordedOutcome: Sendable, Hashable {
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
    /// The ended window's kind and title, for `history`; nil for an outcome
    /// stored before they were kept.
    public var kind: String?
    public var title: String?

    public init(
        window: WindowID, reason: OutcomeReason, value: JSON?, visibleValue: JSON?, by: Peer?, at: Timestamp,
        owner: Peer? = nil, kind: String? = nil, title: String? = nil
    ) {
        self.window = window
        self.reason = reason
        self.value = value
        self.visibleValue = visibleValue
        self.by = by
        self.at = at
        self.owner = owner
        self.kind = kind
        self.title = title
    }

    /// The wire form; `revealingValue` only for the submitter and waiters.
    public func wire(revealingValue: Bool) -> Outcome {
        Outcome(window: window, reason: reason, value: revealingValue ? value : visibleValue, by: by, at: at)
    }

    /// The wire form `history` answers with: what anyone may see of the
    /// value, and the window's kind and title, which anyone who may ask
    /// `history` could see in `list` and `get` while it was open.
    public var historyEntry: Outcome {
        var entry = wire(revealingValue: false)
        entry.kind = kind
        entry.title = title
        return entry
    }

    /// The wire form for a connection of `uid`: a secret value only for the
    /// uid that presented the window (the submitter has its own answer).
    public func wire(for uid: UInt32) -> Outcome {
        wire(revealingValue: owner?.uid == uid)
    }

    public func json(revealingValue: Bool) -> JSON { wire(revealingValue: revealingValue).json }
}
