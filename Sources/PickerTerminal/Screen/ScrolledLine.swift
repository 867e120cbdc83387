/// The part of a line of cells that is drawn in `columns` columns, scrolled
/// sideways so that the cursor is in view. A cut is marked with `…` at that
/// edge (a column each), so text is never cut silently.
///
/// Nothing is remembered between drawings: the window starts at the line's
/// start while the cursor fits there, and otherwise ends just after the cursor
/// (typing at the end of a long line shows its tail, as readline does).
struct ScrolledLine: Equatable {
    /// The first cell drawn.
    let start: Int
    /// The cell after the last one drawn.
    let end: Int
    let count: Int

    var cutsLeft: Bool { start > 0 }
    var cutsRight: Bool { end < count }

    /// `widths` are the cells' display widths; `cursor` is the cursor's cell
    /// (`widths.count` when it is after the last cell, where it takes a column).
    init(widths: [Int], cursor: Int?, columns: Int) {
        let columns = max(columns, 4)
        count = widths.count
        let trailing = cursor == widths.count ? 1 : 0
        guard widths.reduce(0, +) + trailing > columns else {
            (start, end) = (0, widths.count)
            return
        }
        let start = cursor.map { Self.firstCell(widths: widths, showing: $0, columns: columns) } ?? 0
        self.start = start
        end = Self.endCell(widths: widths, from: start, trailing: trailing, columns: columns)
    }

    /// The fewest cells cut on the left that leave the cursor in view.
    private static func firstCell(widths: [Int], showing cursor: Int, columns: Int) -> Int {
        let cursorWidth = cursor < widths.count ? widths[cursor] : 1
        let rightMark = cursor < widths.count - 1 ? 1 : 0
        var start = 0
        var before = widths[..<cursor].reduce(0, +)
        while start < cursor, (start > 0 ? 1 : 0) + before + cursorWidth + rightMark > columns {
            before -= widths[start]
            start += 1
        }
        return start
    }

    /// How far from `start` the cells fit, keeping a column for the right
    /// mark while cells remain, or for the cursor after the last cell.
    private static func endCell(widths: [Int], from start: Int, trailing: Int, columns: Int) -> Int {
        var end = start
        var used = start > 0 ? 1 : 0
        while end < widths.count, used + widths[end] + (end + 1 < widths.count ? 1 : trailing) <= columns {
            used += widths[end]
            end += 1
        }
        return end
    }
}
