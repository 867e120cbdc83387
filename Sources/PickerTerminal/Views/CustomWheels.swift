import PickerJSON
import PickerProtocol

/// One wheel per component, independent (`columns`) or dependent (`tree`:
/// moving a parent puts its children back on their first row). Typing filters
/// the focused column.
///
/// What is shown is what is chosen: when the filter hides the focused
/// column's choice, the first row it shows becomes the choice (and a tree's
/// columns to its right follow it), so Enter never answers a row that is not
/// on screen. The choice from before the filter comes back when the filter
/// shows it again, unless the person moved meanwhile.
struct CustomWheels: PickerView {
    let columns: [[String]]?
    let tree: JSON?
    let labels: [String]
    var selected: [String]
    var focus = 0
    var filter = ""
    /// The choices when the filter was started, until the person moves.
    private var beforeFilter: [String]?

    init(options: JSON, value: JSON?) {
        columns = options[CustomOption.columns]?.arrayValue?.map { $0.arrayValue?.compactMap(\.stringValue) ?? [] }
        tree = options[CustomOption.tree]
        let initial = (value ?? options[CustomOption.initial])?.arrayValue?.compactMap(\.stringValue) ?? []
        selected = initial
        labels = options[CustomOption.labels]?.arrayValue?.compactMap(\.stringValue) ?? []
        if selected.count != componentCount { resetChildren(from: 0) }
    }

    var isSecret: Bool { false }
    var hints: String { "↑↓ choose  ←→ column  type to filter" }
    var value: JSON { .array(selected.map(JSON.string)) }
    var hidesItsAnswer: Bool { focus < selected.count && !visibleRows(focus).contains(selected[focus]) }

    var componentCount: Int {
        if let columns { return columns.count }
        var depth = 0
        var node = tree
        while let current = node {
            depth += 1
            node = current.objectValue?.members.first?.value
            if current.arrayValue != nil { break }
        }
        return depth
    }

    /// The rows of a column given the choices to its left.
    func rows(_ column: Int) -> [String] {
        if let columns { return column < columns.count ? columns[column] : [] }
        var node = tree
        for parent in selected.prefix(column) { node = node?[parent] }
        if let object = node?.objectValue { return object.keys }
        return node?.arrayValue?.compactMap(\.stringValue) ?? []
    }

    private func visibleRows(_ column: Int) -> [String] {
        let all = rows(column)
        guard column == focus, !filter.isEmpty else { return all }
        return all.filter { $0.lowercased().contains(filter.lowercased()) }
    }

    /// The rows drawn in a column: a tree's columns right of a filter that
    /// shows nothing show nothing either, as they hang from no shown row.
    private func shownRows(_ column: Int) -> [String] {
        if tree != nil, column > focus, !filter.isEmpty, visibleRows(focus).isEmpty { return [] }
        return visibleRows(column)
    }

    /// After the filter changed: the choice from before it if it is shown
    /// again, else the first row shown (nothing changes when none is).
    private mutating func followFilter() {
        if filter.isEmpty || visibleRows(focus).contains(beforeFilter?[focus] ?? "") {
            if let beforeFilter { selected = beforeFilter }
        } else if !visibleRows(focus).contains(selected[focus]), let first = visibleRows(focus).first {
            choose(first)
        }
        if filter.isEmpty { beforeFilter = nil }
    }

    /// The filter ends (the focus moves on): what it shows stays chosen.
    private mutating func endFilter() {
        filter = ""
        beforeFilter = nil
    }

    private mutating func resetChildren(from column: Int) {
        selected = Array(selected.prefix(column))
        for index in column..<componentCount {
            selected.append(rows(index).first ?? "")
        }
    }

    private mutating func choose(_ row: String) {
        guard focus < selected.count, selected[focus] != row else { return }
        selected[focus] = row
        if tree != nil { resetChildren(from: focus + 1) }
    }

    mutating func handle(_ key: Key) -> ViewAction {
        let before = selected
        switch key {
        case .left, .backTab:
            focus = (focus + componentCount - 1) % componentCount
            endFilter()
        case .right, .tab:
            focus = (focus + 1) % componentCount
            endFilter()
        case .up, .down:
            let rows = visibleRows(focus)
            guard !rows.isEmpty else { break }
            let current = rows.firstIndex(of: selected[focus]) ?? -1
            let next = key == .down ? min(current + 1, rows.count - 1) : max(current - 1, 0)
            choose(rows[next])
            // A move is the person's choice: the one from before the filter is let go.
            beforeFilter = nil
        case .character(let character):
            if beforeFilter == nil { beforeFilter = selected }
            filter.append(character)
            followFilter()
        case .backspace:
            guard !filter.isEmpty else { break }
            filter.removeLast()
            followFilter()
        case .enter:
            // Enter answers what is shown highlighted, and nothing when the
            // filter shows no row.
            guard !hidesItsAnswer else { return .none }
            return .submit
        default:
            break
        }
        return selected == before ? .none : .changed
    }

    mutating func leave() -> ViewAction {
        endFilter()
        return .none
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        // Each column as wide as its longest choice, within its share of the terminal.
        let share = max(6, (width - 2) / max(componentCount, 1) - 2)
        let columnWidths = (0..<componentCount).map { column in
            let label = column < labels.count ? labels[column] : ""
            let longest = (shownRows(column) + [label]).map(DisplayWidth.of).max() ?? 0
            return min(share, max(6, longest))
        }
        var lines: [Line] = []
        // A header only for labels given.
        if !labels.isEmpty {
            var header = Line("  ")
            for column in 0..<componentCount {
                let label = column < labels.count ? labels[column] : ""
                header =
                    header + Line(DisplayWidth.pad(label, to: columnWidths[column]), column == focus ? .bold : .dim)
                    + Line("  ")
            }
            lines.append(header)
        }
        lines += filterLines(width: width)
        // As many rows as there is room for, the choice in the middle: an odd
        // count, at least 3, and no more than shows a column's every choice
        // whichever is chosen.
        let longestColumn = (0..<componentCount).map { rows($0).count }.max() ?? 1
        let reach = max(1, min((height - lines.count - 1) / 2, longestColumn - 1))
        for offset in -reach...reach {
            var line = Line("  ")
            for column in 0..<componentCount {
                let rows = shownRows(column)
                let index = rows.firstIndex(of: column < selected.count ? selected[column] : "") ?? 0
                let row = index + offset
                let text = rows.indices.contains(row) ? rows[row] : ""
                let style: Line.Style = offset == 0 ? (column == focus && focused ? .reverse : .bold) : .dim
                line =
                    line + Line(DisplayWidth.pad(text, to: columnWidths[column]), text.isEmpty ? .plain : style)
                    + Line("  ")
            }
            lines.append(line)
        }
        return lines
    }

    /// What is typed to filter, on a line of its own across the width (never
    /// clipped to a column's): `City /wu · 2 of 9 shown`.
    private func filterLines(width: Int) -> [Line] {
        guard !filter.isEmpty else { return [] }
        let label = focus < labels.count && !labels[focus].isEmpty ? labels[focus] + " " : ""
        let shown = visibleRows(focus).count
        let count = shown == 0 ? "nothing matches" : "\(shown) of \(rows(focus).count) shown"
        return Line.wrapped("\(label)/\(filter) · \(count)", width: width, .bold, indent: "  ")
    }
}
