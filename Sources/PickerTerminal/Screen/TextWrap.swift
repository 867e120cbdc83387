/// Text broken into lines that fit a width: at its own line breaks, then
/// between words, and inside a word only when the word alone is too wide.
enum TextWrap {
    static func lines(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        return text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).flatMap { paragraph in
            wrapped(String(paragraph), width: width)
        }
    }

    /// Key hints (`Enter submit  Esc cancel`, two spaces apart), each kept
    /// whole on a line where it fits: a narrow terminal shows every hint, none
    /// cut in two.
    static func hints(_ text: String, width: Int) -> [String] {
        let width = max(1, width)
        var lines: [String] = []
        var line = ""
        for hint in text.split(separator: "  ").map(String.init) {
            let joined = line.isEmpty ? hint : line + "  " + hint
            if DisplayWidth.of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            // A hint wider than the line is wrapped as text.
            let wrapped = Self.lines(hint, width: width)
            lines += wrapped.dropLast()
            line = wrapped.last ?? ""
        }
        lines.append(line)
        return lines
    }

    private static func wrapped(_ paragraph: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let joined = line.isEmpty ? word : line + " " + word
            if DisplayWidth.of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = word
            // A word wider than the line is cut where it must be.
            // (One character wider than the line is a line of its own.)
            while DisplayWidth.of(line) > width, line.count > 1 {
                let clipped = DisplayWidth.clip(line, to: width)
                let head = clipped.isEmpty ? String(line.prefix(1)) : clipped
                lines.append(head)
                line = String(line.dropFirst(head.count))
            }
        }
        lines.append(line)
        return lines
    }
}
