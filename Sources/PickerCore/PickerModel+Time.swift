import PickerJSON
import PickerProtocol

/// The owner's side of time and events: when to wake the model, firing its
/// timers, and draining what changed.
extension PickerModel {
    // MARK: time and events

    /// When `fireDueTimers()` next has work: a timeout, a grace period, an
    /// outcome's retention or quiet hours ending. (Quiet hours have one
    /// deadline at most, so it is kept with them rather than in the queue.)
    public var nextWakeup: Timestamp? {
        Self.earlier(Self.earlier(deadlines.earliest, archive.nextExpiry), quietHours?.until)
    }

    private static func earlier(_ first: Timestamp?, _ second: Timestamp?) -> Timestamp? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// Ends windows whose deadline has passed, quiet hours whose time is up,
    /// and forgets expired outcomes.
    public func fireDueTimers() {
        catchUp()
    }

    /// Outcomes dropped since the last call because their owner, or everyone,
    /// kept too many (`OutcomeArchive`); expired ones are not listed.
    public func takeDroppedOutcomes() -> [WindowID] {
        archive.takeDropped()
    }

    /// The events since the last call, oldest first.
    public func takeEvents() -> [PickerEvent] {
        defer { pendingEvents.removeAll(keepingCapacity: true) }
        return pendingEvents
    }
}
