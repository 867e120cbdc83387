import PickerProtocol

/// How a window's `window.changed` events are spaced when its asker moves it
/// (a `progress`, `PreparedPicker.isMovedByAsker`): an asker may write
/// 10,000 updates a second, and each subscriber should not pay for each.
/// The first change after a quiet spell goes out at once; changes within
/// `interval` of the last event are held, and one event with the value of
/// that moment goes out when the interval has passed, so the last value is
/// never lost. The model's clock times it (a deadline like a timeout's).
struct ChangeCoalescing {
    /// At most one event per window in this long: 20 a second.
    static let interval: Int64 = 50

    /// When the last event went out.
    var lastEventAt: Timestamp?
    /// When the held event goes out; nil when none is held.
    var heldUntil: Timestamp?
}

extension PickerModel {
    /// `window.changed` with the window's live value (secrets left out).
    func emitChange(of window: Window, coalescedAt now: Timestamp? = nil) {
        if let now { window.changes.lastEventAt = now }
        let value = window.value.flatMap { window.picker.redact($0) }
        emit(.changed, window: window.id, payload: .changed(value: value))
    }

    /// An asker-moved window changed: its event now, or held for the rest
    /// of the interval since the last one (`ChangeCoalescing`).
    func emitCoalescedChange(of window: Window, at now: Timestamp) {
        guard window.changes.heldUntil == nil else { return }  // the held event will carry this value
        if let last = window.changes.lastEventAt, now < last.adding(milliseconds: ChangeCoalescing.interval) {
            let due = last.adding(milliseconds: ChangeCoalescing.interval)
            window.changes.heldUntil = due
            deadlines.schedule(.init(at: due, window: window.id, purpose: .heldChange))
            liveDeadlineCount += 1
            return
        }
        emitChange(of: window, coalescedAt: now)
    }

    /// Refuses `update` or `submit` of a window its asker moves from any
    /// connection but the asker's: the one that presented it, or that took
    /// it back with `wait` (PROTOCOL.md, `progress`). Any other window, or
    /// none, passes (the method then says what is wrong with it).
    public func checkMover(of id: WindowID?, connection: ConnectionID) throws(PickerError) {
        catchUp()
        guard let id = id ?? keyWindow, let window = windows[id], window.picker.isMovedByAsker else { return }
        guard window.owner.connection == connection else { throw .notTheAsker(id) }
    }
}
