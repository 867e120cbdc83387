import PickerProtocol

/// Quiet hours ("do not disturb", as dunst's pause levels): while they last,
/// visible windows below their level wait (state `waiting`) and are never
/// key; a window at or above it breaks through. Everything else goes on as
/// usual: waiting windows keep their place and their deadlines (a script's
/// timeout still applies), and may be answered, dismissed, moved, hidden and
/// shown by id.
extension PickerModel {
    // MARK: quiet hours

    /// Starts quiet hours, or changes them: windows below `below` wait until
    /// `until` (nil: until `endQuietHours`).
    @discardableResult
    public func startQuietHours(below: Level, until: Timestamp?) throws(PickerError) -> QuietHours {
        let now = catchUp()
        if let until, until <= now {
            throw .invalidParams(
                "until must be later than now (\(now.rfc3339)); quiet hours that end at once would change nothing",
                field: WireName.until.jsonKey)
        }
        let quietHours = QuietHours(below: below, belowName: levels.name(of: below), until: until)
        changeQuietHours(to: quietHours)
        return quietHours
    }

    /// Ends quiet hours, if any: waiting windows are visible again.
    public func endQuietHours() {
        catchUp()
        changeQuietHours(to: nil)
    }

    /// Windows that quiet hours hold now.
    public var waitingCount: Int {
        guard let quietHours else { return 0 }
        return stack.visibleCount(below: StackOrder.Key(level: quietHours.below.value, position: .min))
    }

    /// Emits `quiet.changed` when something changed, then moves the key.
    func changeQuietHours(to new: QuietHours?) {
        guard new != quietHours else { return }
        quietHours = new
        emit(.quietChanged, window: nil, payload: .quietChanged(new))
        refreshKey()
    }

    /// The window that should be key: the topmost visible one, unless quiet
    /// hours hold it. As higher levels always stack above lower ones, when
    /// they hold the topmost visible window they hold every visible one.
    var keyCandidate: Window? {
        guard let top = stack.topmostVisible else { return nil }
        if let quietHours, quietHours.holds(top.level) { return nil }
        return top
    }

    func state(of window: Window) -> WindowState {
        if window.isHidden { return .hidden }
        if let quietHours, quietHours.holds(window.level) { return .waiting }
        return .visible
    }

    /// Level names may change with a reload; the quiet level keeps its number.
    func renameQuietLevel() {
        guard let below = quietHours?.below else { return }
        quietHours?.belowName = levels.name(of: below)
    }
}
