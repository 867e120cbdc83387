import PickerJSON
import PickerProtocol

/// `--file-selection --save --confirm-overwrite` once an existing name is
/// chosen: GTK's question, Replace (the path is printed) or Cancel (back to
/// choosing a file, as GTK's chooser stays open).
struct ZenityOverwriteQuestion: ZenityDialog {
    var selection: ZenityFileSelection
    var path: String

    static let replace = "Replace"
    static let cancel = "Cancel"

    var kind: BuiltInKind { .actions }
    var defaultTitle: String { selection.defaultTitle }
    var message: String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return "A file named “\(name)” already exists. Do you want to replace it?\n"
            + "The file already exists in “\(FilePathText.parent(of: path))”. Replacing it will overwrite its contents."
    }
    var options: JSONObject {
        JSONObject([
            ActionsOption.actions: [
                .object(JSONObject([ActionOption.label: .string(Self.cancel), .role: "cancel"])),
                .object(JSONObject([ActionOption.label: .string(Self.replace), .role: "destructive"])),
            ]
        ])
    }
    var initialValue: JSON? { nil }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        if timedOut { return ZenityAnswer("", status: ZenityAnswer.timedOut) }
        return selection.answer(.string(path), timedOut: false)
    }

    /// Cancel chooses again; a window closed otherwise ends it (exit 1).
    func askingAgain(after outcome: Outcome) -> (any ZenityDialog)? {
        outcome.reason == .cancelled ? selection : nil
    }
}
