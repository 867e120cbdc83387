import PickerJSON
import PickerProtocol

/// `--entry` (text) and `--entry --hide-text` (secure text): the text typed,
/// and a newline. On `--timeout` zenity prints what the entry held.
struct ZenityEntry: ZenityDialog {
    var initial: String
    var hidden: Bool

    init(_ commandLine: ZenityCommandLine) {
        // Words after the options are an entry's drop-down choices; the first is shown.
        initial = commandLine.value("entry-text") ?? commandLine.positional.first ?? ""
        hidden = commandLine.has("hide-text")
    }

    var kind: BuiltInKind { .text }
    var defaultTitle: String { "Add a new entry" }
    var options: JSONObject {
        var options = JSONObject([TextOption.initial: .string(initial)])
        if hidden { options[TextOption.secure] = true }
        return options
    }
    var initialValue: JSON? { .string(initial) }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        .printed(value?.stringValue ?? "", timedOut: timedOut)
    }
}
