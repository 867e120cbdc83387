import PickerJSON
import PickerProtocol

/// How windows end: dismissed one by one, by level or all at once, and the
/// one place every ending goes through (`end`), which keeps the counts and
/// deadlines, archives the one outcome and emits its event.
extension PickerModel {
    public func dismiss(window id: WindowID, by peer: Peer) throws(PickerError) -> RecordedOutcome {
        let now = catchUp()
        let window = try openWindow(id)
        let outcome = end(window, reason: .dismissed, value: nil, by: peer, at: now)
        refreshKey()
        return outcome
    }

    /// Dismisses every open window, top first; returns their ids.
    public func dismissAll(by peer: Peer?, reason: OutcomeReason = .dismissed) -> [WindowID] {
        let now = catchUp()
        return dismissEach(stack.fromTop(), reason: reason, by: peer, at: now)
    }

    /// Dismisses every open window at `level`, top first; returns their ids.
    public func dismiss(level: Level, by peer: Peer) -> [WindowID] {
        let now = catchUp()
        return dismissEach(stack.fromTop().filter { $0.level == level }, reason: .dismissed, by: peer, at: now)
    }

    /// Takes the window out of the stack with its one outcome. The caller
    /// refreshes the key afterwards (once, however many windows it ended).
    @discardableResult
    func end(
        _ window: Window, reason: OutcomeReason, value: JSON?, by peer: Peer?, at now: Timestamp
    ) -> RecordedOutcome {
        stack.remove(at: window.stackKey)
        windows[window.id] = nil
        let owner = window.owner.peer.uid
        let left = windowCountByOwner[owner, default: 1] - 1
        windowCountByOwner[owner] = left == 0 ? nil : left
        if let connection = window.owner.connection {
            windowsByConnection[connection]?.remove(window.id)
        }
        if window.deadline != nil, reason != .timeout { liveDeadlineCount -= 1 }
        if window.ownerGraceDeadline != nil, reason != .ownerGone { liveDeadlineCount -= 1 }
        if window.changes.heldUntil != nil { liveDeadlineCount -= 1 }
        let outcome = RecordedOutcome(
            window: window.id, reason: reason, value: value, visibleValue: value.flatMap { window.picker.redact($0) },
            by: peer, at: now, owner: window.owner.peer, kind: window.kind, title: window.title)
        archive.add(outcome)
        counters.byReason[reason, default: 0] += 1
        emit(.dismissed, window: window.id, payload: .dismissed(outcome.wire(revealingValue: false)), outcome: outcome)
        return outcome
    }

    func dismissEach(
        _ doomed: [Window], reason: OutcomeReason, by peer: Peer?, at now: Timestamp
    ) -> [WindowID] {
        for window in doomed {
            end(window, reason: reason, value: nil, by: peer, at: now)
        }
        refreshKey()
        return doomed.map(\.id)
    }
}

extension WindowSummary {
    /// The summary of a window an update has just ended (`auto_close`).
    var ended: WindowSummary {
        var summary = self
        summary.state = .dismissed
        summary.isKey = false
        return summary
    }
}
