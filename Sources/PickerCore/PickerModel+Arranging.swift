import PickerJSON
import PickerProtocol

/// Moving windows in the stack: raise, lower, set level, hide and show.
extension PickerModel {
    // MARK: arranging

    /// Puts the window on top of its level.
    public func raise(window id: WindowID) throws(PickerError) -> WindowSummary {
        try move(id) { model, window in window.position = model.takeTopPosition() }
    }

    /// Puts the window at the bottom of its level.
    public func lower(window id: WindowID) throws(PickerError) -> WindowSummary {
        try move(id) { model, window in
            window.position = model.nextBottomPosition
            model.nextBottomPosition -= 1
        }
    }

    /// Moves the window to the top of another level.
    public func setLevel(window id: WindowID, to level: Level) throws(PickerError) -> WindowSummary {
        try move(id) { model, window in
            window.level = level
            window.position = model.takeTopPosition()
        }
    }

    public func hide(window id: WindowID) throws(PickerError) -> WindowSummary {
        try setHidden(true, window: id)
    }

    public func show(window id: WindowID) throws(PickerError) -> WindowSummary {
        try setHidden(false, window: id)
    }

    func move(_ id: WindowID, _ change: (PickerModel, Window) -> Void) throws(PickerError) -> WindowSummary {
        catchUp()
        let window = try openWindow(id)
        stack.remove(at: window.stackKey)
        change(self, window)
        stack.insert(window, at: window.stackKey, isVisible: !window.isHidden)
        emit(
            .reordered, window: window.id,
            payload: .reordered(level: window.level, levelName: levels.name(of: window.level)))
        refreshKey()
        return summary(of: window)
    }

    func setHidden(_ hidden: Bool, window id: WindowID) throws(PickerError) -> WindowSummary {
        catchUp()
        let window = try openWindow(id)
        guard window.isHidden != hidden else { return summary(of: window) }
        stack.remove(at: window.stackKey)
        window.isHidden = hidden
        stack.insert(window, at: window.stackKey, isVisible: !hidden)
        emit(hidden ? .hidden : .shown, window: window.id)
        refreshKey()
        return summary(of: window)
    }

    /// Emits `window.resigned_key` then `window.key` when the topmost visible window changed.
}
