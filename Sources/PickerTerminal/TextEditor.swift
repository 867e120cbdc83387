import PickerJSON
import PickerProtocol

/// A line editor (several lines when multiline: Ctrl-J breaks a line). A
/// secure text shows one mask character per character typed.
struct TextEditor: PickerView {
    let placeholder: String
    let isSecret: Bool
    let isMultiline: Bool
    var characters: [Character]
    var cursor: Int

    init(options: JSON, value: JSON?) {
        placeholder = options[TextOption.placeholder]?.stringValue ?? ""
        isSecret = options[TextOption.secure]?.boolValue ?? false
        isMultiline = options[TextOption.multiline]?.boolValue ?? false
        characters = Array((isSecret ? nil : value?.stringValue) ?? options[TextOption.initial]?.stringValue ?? "")
        cursor = characters.count
    }

    var hints: String { isMultiline ? "type  Ctrl-J new line" : "type" }
    var value: JSON { .string(String(characters)) }

    mutating func handle(_ key: Key) -> ViewAction {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .newline where isMultiline:
            characters.insert("\n", at: cursor)
            cursor += 1
        case .backspace where cursor > 0:
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .left: cursor = max(0, cursor - 1); return .none
        case .right: cursor = min(characters.count, cursor + 1); return .none
        case .home: cursor = 0; return .none
        case .end: cursor = characters.count; return .none
        case .enter: return .submit
        default: return .none
        }
        return .changed
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        if characters.isEmpty {
            return [Line("  > ") + Line(focused ? " " : "", .reverse) + Line(placeholder, .dim)]
        }
        let shown = isSecret ? Array(repeating: Character("•"), count: characters.count) : characters
        var lines: [Line] = []
        var line = Line("  > ")
        for (index, character) in shown.enumerated() {
            if character == "\n" {
                if index == cursor, focused { line = line + Line(" ", .reverse) }
                lines.append(line)
                line = Line("    ")
                continue
            }
            line = line + Line(String(character), index == cursor && focused ? .reverse : .plain)
        }
        if cursor == shown.count, focused { line = line + Line(" ", .reverse) }
        lines.append(line)
        return lines
    }
}
