import PickerTerminal

/// Columns padded to their widest cell; the last column is not padded. Cells
/// are for a person to read, so their control characters show visibly (and
/// a newline or tab in one cannot break the table).
enum Table {
    /// Prints the table on stdout, a line a row.
    static func print(_ cells: [[String]]) {
        for line in lines(cells) { printLine(line) }
    }

    static func lines(_ cells: [[String]]) -> [String] {
        let rows = cells.map { $0.map(VisibleText.of) }
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() where index < columns - 1 {
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index < columns - 1 ? cell + String(repeating: " ", count: widths[index] - cell.count) : cell
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
