import PickerJSON

/// A `file` window's options, typed (PROTOCOL.md, `file`), with the kind's
/// defaults in one place: what `pickerctl file` and pickerd-zenity ask with,
/// and what the terminal's views and pickerd's `browse` read back from a
/// window's canonical options.
public struct FileSelection: Sendable, Equatable {
    /// Browsing never leaves this directory.
    public var root = "/"
    /// Where browsing starts; nil for `root`.
    public var start: String?
    /// A directory is chosen, not a file.
    public var isDirectory = false
    /// Globs a file's name must match to be offered and accepted.
    public var patterns: [String] = []
    /// Several paths may be chosen.
    public var isMultiple = false
    /// The name may be new, typed in an existing directory (zenity's --save).
    public var isSave = false
    /// Names that start with a dot are offered.
    public var showsHidden = false

    public init() {}

    /// Reads options such as a window's canonical ones; a member left out,
    /// or not of its type, is the default.
    public init(options: JSON) {
        root = options[FileOption.root]?.stringValue ?? root
        start = options[FileOption.start]?.stringValue
        isDirectory = options[FileOption.directory]?.boolValue ?? false
        isMultiple = options[FileOption.multiple]?.boolValue ?? false
        isSave = options[FileOption.save]?.boolValue ?? false
        patterns = options[FileOption.patterns]?.arrayValue?.compactMap(\.stringValue) ?? []
        showsHidden = options[FileOption.showHidden]?.boolValue ?? false
    }

    /// Where browsing starts.
    public var startDirectory: String { start ?? root }

    /// The options to present: the root always, the others where they are not the default.
    public var options: JSONObject {
        var options = JSONObject([FileOption.root: .string(root)])
        if let start { options[FileOption.start] = .string(start) }
        if isDirectory { options[FileOption.directory] = true }
        if isMultiple { options[FileOption.multiple] = true }
        if isSave { options[FileOption.save] = true }
        if !patterns.isEmpty { options[FileOption.patterns] = .array(patterns.map(JSON.string)) }
        if showsHidden { options[FileOption.showHidden] = true }
        return options
    }
}
