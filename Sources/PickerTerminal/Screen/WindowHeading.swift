import PickerProtocol

/// A window's first lines: its level, its title wrapped (a few lines at
/// most, so the picker stays on screen) and, when it has a deadline, the
/// countdown at the right. The same in `pickerctl ui` and inline.
enum WindowHeading {
    /// The most lines a title takes.
    static let titleLines = 4

    static func lines(of window: WindowSummary, width: Int) -> [Line] {
        let level = window.levelName ?? window.level.description
        let prefix = Line("[\(level)] ", window.level >= .alert ? .warning : .bold)
        let remaining = window.deadline.map { "⏳ " + Timestamps.remaining(until: $0) }
        // The first title line leaves room for the level and the countdown.
        let firstWidth = width - DisplayWidth.of(prefix.text) - (remaining.map { DisplayWidth.of($0) + 2 } ?? 0)
        var titleLines = TextWrap.lines(window.title, width: firstWidth)
        var header = prefix + Line(titleLines.removeFirst(), .bold)
        if let remaining {
            let gap = max(1, width - DisplayWidth.of(header.text) - DisplayWidth.of(remaining))
            header = header + Line(String(repeating: " ", count: gap)) + Line(remaining, .dim)
        }
        var more = titleLines.flatMap { TextWrap.lines($0, width: width) }
        if more.count > Self.titleLines - 1 {
            more = Array(more.prefix(Self.titleLines - 1))
            more[more.count - 1] = DisplayWidth.shortened(more[more.count - 1] + " …", to: width)
        }
        return [header] + more.map { Line($0, .bold) }
    }
}
