import PickerClient
import PickerJSON
import PickerProtocol

/// `--file-selection`: a `file` window browsed from `/` with this user's
/// rights (pickerd-zenity answers the front-end's `browse`, as `pickerctl
/// file` does), starting at `--filename`'s directory. `--multiple`,
/// `--directory` and `--save` are the kind's; `--file-filter`'s patterns
/// (`NAME | *.png *.jpg`, or only the patterns) are offered and accepted, all
/// filters' together. zenity prints the absolute paths joined by
/// `--separator` (`|`, escapes not expanded) and a newline. A chosen path that does not exist
/// (unless saved), or is not a directory when one is asked, is refused on
/// stderr with exit 1.
struct ZenityFileSelection: ZenityDialog {
    /// Browsing starts wherever `--filename` says, and may go anywhere, as in GTK's chooser.
    static let root = "/"

    /// The `file` window's options: root, start, and what is chosen.
    let selection: FileSelection
    let confirmsOverwrite: Bool
    let separator: String
    /// Lists what the person browses; also checks what is chosen.
    let lister: DirectoryLister

    init(_ commandLine: ZenityCommandLine) {
        var start = WorkingDirectory.path() ?? Self.root
        if let filename = commandLine.value("filename") {
            // GTK opens a directory given with a trailing `/` (or that is one), else the file's own.
            let absolute = WorkingDirectory.absolute(filename)
            let isDirectory = filename.hasSuffix("/") || DirectoryLister.isDirectory(absolute)
            start = isDirectory ? absolute : FilePathText.parent(of: absolute)
        }
        var selection = FileSelection()
        (selection.root, selection.start) = (Self.root, start)
        selection.isMultiple = commandLine.has("multiple")
        selection.isDirectory = commandLine.has("directory")
        selection.isSave = commandLine.has("save")
        selection.patterns = Self.patterns(commandLine.values("file-filter"))
        self.selection = selection
        confirmsOverwrite = commandLine.has("confirm-overwrite")
        // Taken as given: zenity 3.44 expands a list's separator's escapes, not a file selection's.
        separator = commandLine.value("separator") ?? "|"
        lister = DirectoryLister(
            root: Self.root, showsHidden: false, patterns: selection.patterns, directoriesOnly: selection.isDirectory)
    }

    /// The patterns of zenity's `--file-filter`s (`NAME | PATTERN1 PATTERN2`,
    /// or the patterns alone), all filters' together; none when one of them
    /// takes every file (`*`).
    static func patterns(_ filters: [String]) -> [String] {
        let patterns = filters.flatMap { filter in
            let afterName = filter.firstIndex(of: "|").map { filter[filter.index(after: $0)...] } ?? filter[...]
            return afterName.split(separator: " ").map(String.init)
        }
        return patterns.contains("*") ? [] : patterns
    }

    var options: JSONObject { selection.options }
    var save: Bool { selection.isSave }
    var kind: BuiltInKind { .file }
    var defaultTitle: String { "Select a File" }
    var initialValue: JSON? { nil }

    var requestHandler: RequestHandler? {
        let lister = lister
        return { method, params in lister.answer(method: method, params: params) }
    }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        guard let value else { return ZenityAnswer("", status: timedOut ? ZenityAnswer.timedOut : ZenityAnswer.ok) }
        if let refusal = lister.refusal(ofValue: value, save: save, directory: lister.directoriesOnly) {
            return ZenityAnswer("", status: ZenityAnswer.cancelled, complaint: refusal)
        }
        return .printed(DirectoryLister.paths(in: value).joined(separator: separator), timedOut: timedOut)
    }

    /// `--confirm-overwrite`: a saved name that exists is asked about first.
    func askingAgain(after outcome: Outcome) -> (any ZenityDialog)? {
        guard confirmsOverwrite, save, outcome.reason == .submitted, let path = outcome.value?.stringValue,
            DirectoryLister.resolved(path) != nil
        else { return nil }
        return ZenityOverwriteQuestion(selection: self, path: path)
    }
}
