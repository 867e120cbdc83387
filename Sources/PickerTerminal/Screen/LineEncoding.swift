/// A `Line` as the bytes a terminal draws: each run's text with its control
/// characters made visible (`VisibleText`), so a title cannot send the
/// terminal sequences of its own, styled with ECMA-48 SGR and clipped to
/// `columns` display columns. Used by the full screen and the inline picker.
enum LineEncoding {
    static func encode(_ line: Line, columns: Int) -> String {
        var used = 0
        var output = ""
        for run in line.runs {
            // Every character drawn passes here: none reaches the terminal raw.
            let text = DisplayWidth.clip(VisibleText.of(run.text), to: columns - used)
            used += DisplayWidth.of(text)
            output += sequence(for: run.style) + text + "\u{1B}[0m"
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
