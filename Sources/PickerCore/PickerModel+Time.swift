import PickerJSON
import PickerProtocol

/// The owner's side of time and events: when to wake the model, firing its
/// timers, and draining what changed.
extension PickerModel {
    // MARK: time and events

    /// When `fireDueTimers()` next has work: a timeout, a grace period or an
    /// outcome's retention ending.
    public var nextWakeup: Timestamp? {
        switch (deadlines.earliest, archive.nextExpiry) {
        case (let deadline?, let retention?): return min(deadline, retention)
        case (let deadline, nil): return deadline
        case (nil, let retention): return retention
        }
    }

    /// Ends windows whose deadline has passed and forgets expired outcomes.
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
