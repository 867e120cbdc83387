/// A message longer than its room: the part in view, and a line that says
/// how much is above and below and how to read on. Nothing is cut silently.
struct MessageScroll {
    private(set) var offset = 0
    /// The furthest `offset` the last drawing allowed.
    private var furthest = 0

    mutating func scroll(by lines: Int) {
        offset = max(0, min(offset + lines, furthest))
    }

    /// The lines in view within `room` lines (the message's lines as wrapped).
    mutating func lines(_ message: [String], room: Int) -> [Line] {
        let lines = message == [""] ? [] : message
        guard lines.count > room, room >= 2 else {
            (offset, furthest) = (0, 0)
            return lines.map { Line($0) }
        }
        let shown = room - 1
        furthest = lines.count - shown
        offset = min(offset, furthest)
        let below = lines.count - offset - shown
        var position: [String] = []
        if offset > 0 { position.append("↑ \(offset) more above") }
        if below > 0 { position.append("↓ \(below) more below") }
        return lines[offset..<(offset + shown)].map { Line($0) } + [
            Line(position.joined(separator: " · ") + " · Ctrl-↑↓ scroll", .dim)
        ]
    }
}
