import CPickerTerminal
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// Draws whole frames with ECMA-48 sequences, one write per frame, each line
/// clipped to the terminal's width by display columns (`LineEncoding`).
struct TerminalScreen {
    private var size = TerminalSize()
    var rows: Int { size.rows }
    var columns: Int { size.columns }

    /// Reads the size; true when it changed.
    mutating func updateSize() -> Bool { size.update() }

    func draw(_ lines: [Line]) {
        var output = "\u{1B}[?25l"
        for row in 0..<rows {
            output += "\u{1B}[\(row + 1);1H\u{1B}[0m"
            if row < lines.count { output += LineEncoding.encode(lines[row], columns: columns) }
            output += "\u{1B}[0m\u{1B}[K"
        }
        POSIX.writeAll(Array(output.utf8), to: picker_terminal_output())
    }
}
