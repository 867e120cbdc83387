import PickerJSON
import PickerProtocol

/// What the model tells about its windows and outcomes, changing nothing.
extension PickerModel {
    // MARK: looking

    public func list(includeHidden: Bool = true, level: Level? = nil) -> WindowList {
        snapshot(includeHidden: includeHidden, level: level).list
    }

    /// What `list` shows, taken now and summarized later (`StackSnapshot`).
    public func snapshot(includeHidden: Bool = true, level: Level? = nil) -> StackSnapshot {
        catchUp()
        return StackSnapshot(key: keyWindow, levels: levels) { add in
            stack.forEachFromTop { window in
                guard (includeHidden || !window.isHidden) && (level == nil || window.level == level) else { return }
                add(window, state(of: window))
            }
        }
    }

    public func details(window id: WindowID) throws(PickerError) -> WindowDetails {
        catchUp()
        let window = try openWindow(id)
        return WindowDetails(
            summary: summary(of: window), message: window.message, options: window.picker.options,
            value: window.value.flatMap { window.picker.redact($0) }, owner: window.owner.peer)
    }

    /// Whether a window is open, dismissed with a retained outcome, or unknown.
    public func lookup(_ id: WindowID) -> WindowLookup {
        catchUp()
        if let window = windows[id] { return .open(summary(of: window)) }
        if let outcome = archive[id] { return .dismissed(outcome) }
        return .unknown
    }

    /// Who presented an open window.
    public func owner(of id: WindowID) -> Owner? {
        windows[id]?.owner
    }

    /// Whether `value`, given for the open window, holds anything its kind
    /// keeps secret (secure text, a form's secure field): what redaction
    /// would leave out.
    public func holdsSecret(_ value: JSON, window id: WindowID) -> Bool {
        guard let window = windows[id] else { return false }
        return window.picker.redact(value) != value
    }

    /// Who presented a window, open or ended with its outcome retained: its
    /// rights outlive the window as long as the outcome does.
    public func presenter(of id: WindowID) -> Peer? {
        windows[id]?.owner.peer ?? archive[id]?.owner
    }

    /// Retained outcomes, newest first.
    public func history(limit: Int = 50, window: WindowID? = nil) -> [RecordedOutcome] {
        catchUp()
        return archive.newestFirst(limit: limit, window: window)
    }

    /// Windows in state `visible`: on the stack and not held by quiet hours.
    public var visibleCount: Int { stack.visibleCount - waitingCount }
    public var hiddenCount: Int { windows.count - stack.visibleCount }
}
