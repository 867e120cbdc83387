import PickerJSON
import PickerProtocol

/// A line editor (several lines when multiline: Ctrl-J breaks a line), with
/// readline's keys: Delete, Home/End and Ctrl-A/E (the line's start and end),
/// Ctrl-U/K (delete to the line's start or end), Ctrl-W (the word before the
/// cursor), and Up/Down between lines. A secure text shows one mask character
/// per character typed. The rules the text must meet are shown under it.
///
/// A line wider than the room is scrolled sideways to keep the cursor in view
/// (not wrapped: one line of text stays one line on screen), with `…` where
/// it is cut.
struct TextEditor: PickerView {
    /// The columns before the text: `  > ` on the first line.
    static let indent = 4

    let placeholder: String
    let isSecret: Bool
    let isMultiline: Bool
    let rules: TextRules
    var buffer: TextBuffer

    init(options: JSON, value: JSON?) {
        placeholder = options[TextOption.placeholder]?.stringValue ?? ""
        isSecret = options[TextOption.secure]?.boolValue ?? false
        isMultiline = options[TextOption.multiline]?.boolValue ?? false
        rules = TextRules(options: options)
        buffer = TextBuffer((isSecret ? nil : value?.stringValue) ?? options[TextOption.initial]?.stringValue ?? "")
    }

    var hints: String { isMultiline ? "type  Ctrl-J new line  ↑↓ line" : "type  Ctrl-W word  Ctrl-U/K line" }
    var value: JSON { .string(buffer.text) }
    var isBlank: Bool? { buffer.text.isEmpty }

    mutating func handle(_ key: Key) -> ViewAction {
        let before = buffer.characters
        switch key {
        case .enter: return .submit
        case .character(let character): buffer.insert(character)
        case .newline where isMultiline: buffer.insert("\n")
        case .backspace: buffer.deleteBackward()
        case .delete: buffer.deleteForward()
        case .left: buffer.moveLeft()
        case .right: buffer.moveRight()
        case .home, .control("a"): buffer.moveToLineStart()
        case .end, .control("e"): buffer.moveToLineEnd()
        case .control("u"): buffer.deleteToLineStart()
        case .control("k"): buffer.deleteToLineEnd()
        case .control("w"): buffer.deleteWordBackward()
        // A secret is drawn as one row of masks: its lines are not shown to move between.
        case .up where isMultiline && !isSecret: buffer.moveLine(by: -1)
        case .down where isMultiline && !isSecret: buffer.moveLine(by: 1)
        default: break
        }
        return buffer.characters == before ? .none : .changed
    }

    // MARK: drawing

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let text =
            buffer.characters.isEmpty
            ? [placeholderLine(width: width, focused: focused)] : textLines(width: width, focused: focused)
        return text + [rules.line(count: buffer.characters.count)].compactMap { $0 }
    }

    private func placeholderLine(width: Int, focused: Bool) -> Line {
        let shown = DisplayWidth.clip(VisibleText.of(placeholder), to: max(0, width - Self.indent - 1))
        return Line("  > ") + Line(focused ? " " : "", .reverse) + Line(shown, .dim)
    }

    /// The text's lines (a secret as one row of masks), each scrolled to fit.
    private func textLines(width: Int, focused: Bool) -> [Line] {
        var lines: [Line] = []
        var start = 0
        for length in lineLengths {
            let cursor = focused && (start...start + length).contains(buffer.cursor) ? buffer.cursor - start : nil
            let cells = buffer.characters[start..<start + length].map(cellText)
            let prefix = Line(lines.isEmpty ? "  > " : String(repeating: " ", count: Self.indent))
            lines.append(prefix + drawn(cells, cursor: cursor, columns: width - Self.indent))
            start += length + 1
        }
        return lines
    }

    /// How many characters each line shown has (a secret shows one line).
    private var lineLengths: [Int] {
        guard !isSecret else { return [buffer.characters.count] }
        return buffer.characters.split(separator: "\n", omittingEmptySubsequences: false).map(\.count)
    }

    /// A character as it is shown: masked when secret, and visibly escaped
    /// when a terminal would act on it.
    private func cellText(_ character: Character) -> String {
        isSecret ? "•" : VisibleText.of(String(character))
    }

    /// One line's cells in `columns` columns, the cursor's cell in reverse video.
    private func drawn(_ cells: [String], cursor: Int?, columns: Int) -> Line {
        let window = ScrolledLine(widths: cells.map { DisplayWidth.of($0) }, cursor: cursor, columns: columns)
        var line = window.cutsLeft ? Line("…", .dim) : Line()
        for index in window.start..<window.end {
            line = line + Line(cells[index], index == cursor ? .reverse : .plain)
        }
        if cursor == cells.count { line = line + Line(" ", .reverse) }
        return window.cutsRight ? line + Line("…", .dim) : line
    }
}
