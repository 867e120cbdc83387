import PickerJSON
import PickerProtocol

/// A `file` window's path, typed (PROTOCOL.md, `file`): a line saying what
/// may be chosen, over a line editor (one path per line with `multiple`).
/// pickerd checks the text; the asker resolves it.
struct FilePathEntry: PickerView {
    let selection: FileSelection
    var editor: TextEditor

    init(options: JSON, value: JSON?) {
        self.init(selection: FileSelection(options: options), value: value)
    }

    init(selection: FileSelection, value: JSON?) {
        self.selection = selection
        let typed =
            value?.stringValue ?? value?.arrayValue?.compactMap(\.stringValue).joined(separator: "\n")
            ?? FilePathText.joined(selection.startDirectory, "")
        editor = TextEditor(
            options: .object(JSONObject([TextOption.multiline: .bool(selection.isMultiple)])), value: .string(typed))
    }

    var isSecret: Bool { false }
    var hints: String { selection.isMultiple ? "type a path a line  Ctrl-J next path" : "type a path" }
    var isBlank: Bool? { editor.isBlank }

    var value: JSON {
        guard case .string(let text) = editor.value else { return editor.value }
        guard selection.isMultiple else { return .string(text) }
        return .array(text.split(separator: "\n").map { .string(String($0)) })
    }

    mutating func handle(_ key: Key) -> ViewAction { editor.handle(key) }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        var what = selection.isDirectory ? "a directory" : selection.isMultiple ? "files" : "a file"
        if !selection.patterns.isEmpty { what += " matching " + selection.patterns.joined(separator: " ") }
        let rule = Line(VisibleText.of("\(what) inside \(selection.root)"), .dim)
        return [rule] + editor.render(width: width, height: max(height - 1, 1), focused: focused)
    }
}
