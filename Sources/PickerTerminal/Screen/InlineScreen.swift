import CPickerTerminal
import PickerSystem

/// Draws the inline picker's lines below what is on the terminal, without
/// the alternate screen, as gum does: each frame moves the cursor back up to
/// the first line drawn before and draws over it, so what is above stays.
/// Lines are clipped a column short of the width, so none wraps by itself.
struct InlineScreen {
    var size = TerminalSize()
    /// The display width of each line now on screen; the cursor is on the last.
    private var drawn: [Int] = []

    /// Draws `lines`, at most a line less than the terminal's height, so the
    /// way back up stays on screen.
    mutating func draw(_ lines: [Line]) {
        let shown = lines.prefix(max(1, size.rows - 1))
        var output = "\u{1B}[?25l" + backToFirstLine()
        drawn = []
        for (index, line) in shown.enumerated() {
            if index > 0 { output += "\r\n" }
            let text = LineEncoding.encode(line, columns: size.columns - 1)
            output += "\u{1B}[0m" + text + "\u{1B}[0m\u{1B}[K"
            drawn.append(DisplayWidth.of(DisplayWidth.clip(VisibleText.of(line.text), to: size.columns - 1)))
        }
        write(output + "\u{1B}[J")
    }

    /// Clears what was drawn and leaves `summary` on a line of its own (or
    /// nothing), the cursor on the line after it.
    mutating func finish(leaving summary: Line?) {
        var output = backToFirstLine() + "\u{1B}[J"
        if let summary { output += LineEncoding.encode(summary, columns: size.columns - 1) + "\u{1B}[0m\r\n" }
        drawn = []
        write(output)
    }

    /// To the start of the first line drawn. A terminal narrowed since
    /// reflows the lines drawn wider than it (tmux, VTE and kitty do), so
    /// each counts the rows it takes now.
    private func backToFirstLine() -> String {
        let columns = max(1, size.columns)
        let rows = drawn.reduce(0) { $0 + max(1, ($1 + columns - 1) / columns) }
        return "\r" + (rows > 1 ? "\u{1B}[\(rows - 1)A" : "")
    }

    private func write(_ output: String) {
        POSIX.writeAll(Array(output.utf8), to: picker_terminal_output())
    }
}
