import PickerCore
import PickerJSON
import PickerProtocol

/// `file`: a path, as `zenity --file-selection` or `gum file`. The daemon
/// reads no file: it checks a value's text only (absolute, normalized,
/// inside `root`, matching `patterns`); the asker lists and resolves.
public struct FilePlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.file

    /// Glob patterns one window may name, and how long each may be.
    public static let mostPatterns = 100
    public static let longestPattern = 256
    /// Paths one `multiple` value may hold.
    public static let mostPaths = BrowseListing.mostEntries

    public var optionsSchema: JSON {
        let longest = JSON.integer(Int64(FilePathText.longestPath))
        return OptionsSchema.closedObject(
            [
                FileOption.directory: [
                    "type": "boolean", "default": false, "description": "choose a directory, not a file",
                ],
                .multiple: ["type": "boolean", "default": false, "description": "several paths may be chosen"],
                .save: [
                    "type": "boolean", "default": false,
                    "description": "the name may be new: typed in an existing directory (zenity --save)",
                ],
                .root: [
                    "type": "string", "maxLength": longest, "default": "/",
                    "description": "an absolute, normalized directory; browsing never leaves it",
                ],
                .start: [
                    "type": "string", "maxLength": longest,
                    "description": "an absolute, normalized directory inside root where browsing starts (default root)",
                ],
                .patterns: [
                    "type": "array", "maxItems": .integer(Int64(Self.mostPatterns)),
                    "items": ["type": "string", "minLength": 1, "maxLength": .integer(Int64(Self.longestPattern))],
                    "description": "glob patterns (*.png); only matching files are offered and accepted",
                ],
                .showHidden: ["type": "boolean", "default": false, "description": "offer names that start with a dot"],
            ])
    }

    public var valueSchema: JSON {
        [
            "type": ["string", "array"], "items": ["type": "string"],
            "description":
                "an absolute, normalized path inside root, matching patterns; an array of them with multiple (an array of one is accepted without it)",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(options, kind: kind, known: FileOption.names)
        var picker = PreparedFile()
        picker.isDirectory = try reader.bool(FileOption.directory) ?? false
        picker.isMultiple = try reader.bool(FileOption.multiple) ?? false
        picker.isSave = try reader.bool(FileOption.save) ?? false
        picker.showsHidden = try reader.bool(FileOption.showHidden) ?? false
        if picker.isSave, picker.isMultiple {
            throw PluginRejection(
                "options '\(FileOption.save)' and '\(FileOption.multiple)' do not go together: one new name is typed")
        }
        picker.root = try Self.directory(reader.string(FileOption.root), FileOption.root) ?? "/"
        picker.start = try Self.directory(reader.string(FileOption.start), FileOption.start) ?? picker.root
        guard FilePathText.isInside(picker.start, root: picker.root) else {
            throw PluginRejection("option '\(FileOption.start)' must be inside option '\(FileOption.root)'")
        }
        if let patterns = try reader.strings(FileOption.patterns) {
            try PluginLimits.check(patterns.count, atMost: Self.mostPatterns, "a file window", "patterns")
            for pattern in patterns
            where pattern.isEmpty || pattern.utf8.count > Self.longestPattern || pattern.contains("/")
                || pattern.utf8.contains(0)
            {
                throw PluginRejection(
                    "each of option '\(FileOption.patterns)' must be a glob for a name like \"*.png\": not empty, no '/', at most \(Self.longestPattern) bytes"
                )
            }
            if picker.isDirectory, !patterns.isEmpty {
                throw PluginRejection(
                    "option '\(FileOption.patterns)' names files; it does not go with '\(FileOption.directory)'")
            }
            picker.patterns = patterns
        }
        return picker
    }

    private static func directory(_ given: String?, _ option: FileOption) throws(PluginRejection) -> String? {
        guard let given else { return nil }
        guard FilePathText.isNormalizedAbsolute(given) else {
            throw PluginRejection(
                "option '\(option)' must be an absolute, normalized path (no '.', '..', '//' or trailing '/')")
        }
        return given
    }
}

/// A file window's rules for its paths.
struct PreparedFile: PreparedPicker {
    var isDirectory = false
    var isMultiple = false
    var isSave = false
    var showsHidden = false
    var root = "/"
    var start = "/"
    var patterns: [String] = []

    var options: JSON {
        var object = JSONObject([
            FileOption.directory: .bool(isDirectory), FileOption.multiple: .bool(isMultiple),
            FileOption.save: .bool(isSave), FileOption.root: .string(root), FileOption.start: .string(start),
        ])
        if !patterns.isEmpty { object[FileOption.patterns] = .array(patterns.map(JSON.string)) }
        object[FileOption.showHidden] = .bool(showsHidden)
        return .object(object)
    }

    var initialValue: JSON? { nil }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        switch value {
        case .string(let path):
            try check(path)
            return isMultiple ? .array([value]) : value
        case .array(let items):
            guard isMultiple || items.count == 1 else {
                throw PluginRejection(
                    "choose one path, not \(items.count); option '\(FileOption.multiple)' allows several")
            }
            guard !items.isEmpty else { throw PluginRejection("choose at least one path") }
            try PluginLimits.check(items.count, atMost: FilePlugin.mostPaths, "a file value", "paths")
            var seen = Set<String>()
            for item in items {
                guard let path = item.stringValue else {
                    throw PluginRejection("a path must be a string, not \(item.typeDescription)")
                }
                try check(path)
                guard seen.insert(path).inserted else { throw PluginRejection("a path is chosen twice") }
            }
            return isMultiple ? value : items[0]
        default:
            throw PluginRejection("a file value must be a path (a string), not \(value.typeDescription)")
        }
    }

    /// The path's text against the rules; the sentence never repeats a
    /// hostile path at length.
    private func check(_ path: String) throws(PluginRejection) {
        guard FilePathText.isNormalizedAbsolute(path) else {
            throw PluginRejection(
                "'\(path.prefix(80))' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')")
        }
        guard FilePathText.isInside(path, root: root) else {
            throw PluginRejection("'\(path.prefix(80))' is outside \(root.prefix(80))")
        }
        if path == root, !isDirectory {
            throw PluginRejection("choose a file inside \(root.prefix(80)), not the directory itself")
        }
        guard FilePathText.matches(FilePathText.name(of: path), patterns: patterns) else {
            throw PluginRejection(
                "'\(FilePathText.name(of: path).prefix(80))' does not match \(patterns.joined(separator: " or ").prefix(200))"
            )
        }
    }
}
