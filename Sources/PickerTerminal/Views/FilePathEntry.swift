import PickerJSON
import PickerProtocol

/// A `file` window's path, typed (PROTOCOL.md, `file`): a line saying what
/// may be chosen, over a line editor (one path per line with `multiple`).
/// pickerd checks the text; the asker resolves it.
struct FilePathEntry: PickerView {
    let root: String
    let isMultiple: Bool
    let isDirectory: Bool
    let patterns: [String]
    var editor: TextEditor

    init(options: JSON, value: JSON?) {
        root = options[FileOption.root]?.stringValue ?? "/"
        isMultiple = options[FileOption.multiple]?.boolValue ?? false
        isDirectory = options[FileOption.directory]?.boolValue ?? false
        patterns = options[FileOption.patterns]?.arrayValue?.compactMap(\.stringValue) ?? []
        let start = options[FileOption.start]?.stringValue ?? root
        let typed =
            value?.stringValue ?? value?.arrayValue?.compactMap(\.stringValue).joined(separator: "\n")
            ?? FilePathText.joined(start, "")
        editor = TextEditor(
            options: .object(JSONObject([TextOption.multiline: .bool(isMultiple)])), value: .string(typed))
    }

    var isSecret: Bool { false }
    var hints: String { isMultiple ? "type a path a line  Ctrl-J next path" : "type a path" }
    var isBlank: Bool? { editor.isBlank }

    var value: JSON {
        guard case .string(let text) = editor.value else { return editor.value }
        guard isMultiple else { return .string(text) }
        return .array(text.split(separator: "\n").map { .string(String($0)) })
    }

    mutating func handle(_ key: Key) -> ViewAction { editor.handle(key) }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        var what = isDirectory ? "a directory" : isMultiple ? "files" : "a file"
        if !patterns.isEmpty { what += " matching " + patterns.joined(separator: " ") }
        let rule = Line(VisibleText.of("\(what) inside \(root)"), .dim)
        return [rule] + editor.render(width: width, height: max(height - 1, 1), focused: focused)
    }
}
