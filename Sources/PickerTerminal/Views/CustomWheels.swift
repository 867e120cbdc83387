import PickerJSON
import PickerProtocol

/// One wheel per component, independent (`columns`) or dependent (`tree`:
/// moving a parent puts its children back on their first row). Typing filters
/// the focused column.
struct CustomWheels: PickerView {
    let columns: [[String]]?
    let tree: JSON?
    let labels: [String]
    var selected: [String]
    var focus = 0
    var filter = ""

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
            filter = ""
        case .right, .tab:
            focus = (focus + 1) % componentCount
            filter = ""
        case .up, .down:
            let rows = visibleRows(focus)
            guard !rows.isEmpty else { break }
            let current = rows.firstIndex(of: selected[focus]) ?? -1
            let next = key == .down ? min(current + 1, rows.count - 1) : max(current - 1, 0)
            choose(rows[next])
        case .character(let character):
            // Typing only narrows what is shown; the choice moves when the
            // person moves or answers, so nothing chosen is thrown away.
            filter.append(character)
        case .backspace:
            if !filter.isEmpty { filter.removeLast() }
        case .enter:
            // Enter answers what is shown highlighted: the choice if the
            // filter shows it, else the first row shown, and nothing when the
            // filter shows none.
            let shown = visibleRows(focus)
            if !shown.contains(selected[focus]) {
                guard let first = shown.first else { return .none }
                choose(first)
            }
            return .submit
        default:
            break
        }
        return selected == before ? .none : .changed
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        // Each column as wide as its longest choice, within its share of the terminal.
        let share = max(6, (width - 2) / max(componentCount, 1) - 2)
        let columnWidths = (0..<componentCount).map { column in
            let label = column < labels.count ? labels[column] : ""
            let longest = (visibleRows(column) + [label]).map(DisplayWidth.of).max() ?? 0
            return min(share, max(6, longest))
        }
        var lines: [Line] = []
        // A header only for labels given, or to show what is typed to filter.
        if !labels.isEmpty || !filter.isEmpty {
            var header = Line("  ")
            for column in 0..<componentCount {
                let label = column < labels.count ? labels[column] : ""
                let title = column == focus && !filter.isEmpty ? "\(label) /\(filter)" : label
                header = header + Line(DisplayWidth.pad(title, to: columnWidths[column]), column == focus ? .bold : .dim) + Line("  ")
            }
            lines.append(header)
        }
        // As many rows as there is room for, the choice in the middle: an odd
        // count, at least 3, and no more than shows a column's every choice
        // whichever is chosen.
        let longestColumn = (0..<componentCount).map { rows($0).count }.max() ?? 1
        let reach = max(1, min((height - lines.count - 1) / 2, longestColumn - 1))
        for offset in -reach...reach {
            var line = Line("  ")
            for column in 0..<componentCount {
                let rows = visibleRows(column)
                let index = rows.firstIndex(of: column < selected.count ? selected[column] : "") ?? 0
                let row = index + offset
                let text = rows.indices.contains(row) ? rows[row] : ""
                let style: Line.Style = offset == 0 ? (column == focus && focused ? .reverse : .bold) : .dim
                line = line + Line(DisplayWidth.pad(text, to: columnWidths[column]), text.isEmpty ? .plain : style) + Line("  ")
            }
            lines.append(line)
        }
        return lines
    }
}
