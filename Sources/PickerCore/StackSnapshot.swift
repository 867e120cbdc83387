import PickerProtocol

/// The stack as `list` saw it at one moment, whose summaries are made
/// afterwards, a few at a time: what may change later (level, state, which
/// window is key, the levels' names) is taken now, what never changes
/// (id, kind, title, tag, times) is read from the window when its summary is
/// made. Taking it costs a walk of the stack; making 100,000 summaries and
/// serializing them is what the daemon spreads over loop iterations.
public struct StackSnapshot {
    private struct Row {
        let window: Window
        let level: Level
        let state: WindowState
    }

    public let key: WindowID?
    private let rows: [Row]
    private let levels: LevelTable

    /// `visit` calls `add` with each window listed, top first, and its state:
    /// one pass over the stack, however long.
    init(key: WindowID?, levels: LevelTable, visit: ((Window, WindowState) -> Void) -> Void) {
        self.key = key
        self.levels = levels
        var rows: [Row] = []
        visit { window, state in rows.append(Row(window: window, level: window.level, state: state)) }
        self.rows = rows
    }

    /// Windows listed, top first.
    public var count: Int { rows.count }

    /// The summary of the window at `index`, as it was when taken.
    public func summary(at index: Int) -> WindowSummary {
        let row = rows[index]
        return row.window.summary(
            level: row.level, levelName: levels.name(of: row.level), state: row.state, isKey: row.window.id == key)
    }

    /// Every summary: the whole `list` answer.
    public var list: WindowList {
        WindowList(key: key, windows: rows.indices.map(summary(at:)))
    }
}
