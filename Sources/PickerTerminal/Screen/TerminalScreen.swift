import CPickerTerminal
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// Draws whole frames with ECMA-48 sequences, one write per frame, each line
/// clipped to the terminal's width by display columns. The text of every run
/// is shown with its control characters visible (`VisibleText`), so a title
/// cannot send the terminal sequences of its own.
struct TerminalScreen {
    var rows = 24
    var columns = 80

    /// Reads the size; true when it changed.
    mutating func updateSize() -> Bool {
        var newRows: Int32 = 0
        var newColumns: Int32 = 0
        picker_terminal_size(&newRows, &newColumns)
        let size = (Int(max(newRows, 1)), Int(max(newColumns, 1)))
        guard size != (rows, columns), newRows > 0 else { return false }
        (rows, columns) = size
        return true
    }

    func draw(_ lines: [Line]) {
        var output = "\u{1B}[?25l"
        for row in 0..<rows {
            output += "\u{1B}[\(row + 1);1H\u{1B}[0m"
            if row < lines.count { output += encode(lines[row]) }
            output += "\u{1B}[0m\u{1B}[K"
        }
        POSIX.writeAll(Array(output.utf8), to: 1)
    }

    private func encode(_ line: Line) -> String {
        var used = 0
        var output = ""
        for run in line.runs {
            // Every character drawn passes here: none reaches the terminal raw.
            let text = DisplayWidth.clip(VisibleText.of(run.text), to: columns - used)
            used += DisplayWidth.of(text)
            output += Self.sequence(for: run.style) + text + "\u{1B}[0m"
            if used >= columns { break }
        }
        return output
    }

    private static func sequence(for style: Line.Style) -> String {
        switch style {
        case .plain: return ""
        case .bold: return "\u{1B}[1m"
        case .dim: return "\u{1B}[2m"
        case .reverse: return "\u{1B}[7m"
        case .warning: return "\u{1B}[1;31m"
        }
    }
}
