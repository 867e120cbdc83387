import PickerCore
import PickerJSON

/// What is wrong with a preset file: one `key: sentence` each.
public struct PresetProblems: Error, Sendable {
    public var messages: [String]
    public init(_ messages: [String]) { self.messages = messages }
}

/// One problem of a preset file, as `key.path: sentence`.
struct PresetProblem: Error {
    let message: String

    init(_ problem: JSONReadProblem) {
        switch problem.kind {
        case .mistyped(let expected, let found) where expected == "an object":
            message = "\(problem.path): must be an object of options, not \(found)"
        case .mistyped(let expected, let found):
            message = "\(problem.path): must be \(expected), not \(found)"
        case .outOfRange(let range, _, _):
            message = "\(problem.path): must be an integer from \(range.lowerBound) to \(range.upperBound)"
        case .missing:
            message = "\(problem.path): missing"
        case .unknownKey(let known):
            message = "\(problem.path): unknown key; known keys are \(known.joined(separator: ", "))"
        }
    }
}

/// Reads one preset file's JSON, reporting every problem with its key.
public enum PresetReader {
    /// The keys of a preset file; `//` is a comment.
    enum Key: String, MemberName, CaseIterable {
        case kind, base, title, summary, options, defaults, exec
    }

    /// The preset, or problems as `key: what is wrong`.
    /// A preset's options and defaults together must make a valid picker of
    /// its base kind on their own (checked with `context`), so that a bad
    /// option is reported when the preset is read, not at every present.
    public static func read(_ json: JSON, file: String, bases: PluginRegistry, context: PluginContext) -> Result<
        Preset, PresetProblems
    > {
        guard case .object(let object) = json else {
            return .failure(PresetProblems(["a preset must be a JSON object, not \(json.typeDescription)"]))
        }
        var problems: [String] = []
        let preset = ObjectReader(object) { problem in PresetProblem(problem) }
        let keys = Key.allCases.map(\.rawValue)
        for key in preset.unknownKeys(known: keys + ["//"]) {
            problems.append("\(key): unknown key; known keys are \(keys.joined(separator: ", "))")
        }
        func read<Value>(_ body: () throws(PresetProblem) -> Value?) -> Value? {
            do {
                return try body()
            } catch {
                problems.append(error.message)
                return nil
            }
        }
        var exec: [String]?
        if preset.has(Key.exec) {
            if let parts = try? preset.strings(Key.exec), !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty }) {
                exec = parts
            } else {
                problems.append(
                    "\(Key.exec.rawValue): must be a program and its arguments, like [\"/usr/lib/pickerd/plugins/ticket-check\", \"--strict\"]"
                )
            }
        }
        let kind = read { () throws(PresetProblem) in try preset.string(Key.kind) }
        let baseName = read { () throws(PresetProblem) in try preset.string(Key.base) }
        let title = read { () throws(PresetProblem) in try preset.string(Key.title) }
        let summary = read { () throws(PresetProblem) in try preset.string(Key.summary) }
        if !preset.has(Key.kind) {
            problems.append("\(Key.kind.rawValue): missing; name the new kind, like \"flavor\"")
        }
        if !preset.has(Key.base) {
            problems.append(
                "\(Key.base.rawValue): missing; name a built-in kind: \(bases.kinds.joined(separator: ", "))")
        }
        if let kind, !isKindName(kind) {
            problems.append(
                "\(Key.kind.rawValue): '\(kind.prefix(40))' must be 1 to 40 lowercase letters, digits, '-' or '_', starting with a letter"
            )
        } else if let kind, bases.plugin(for: kind) != nil {
            problems.append("\(Key.kind.rawValue): '\(kind)' is a built-in kind; choose another name")
        }
        let base = baseName.flatMap { bases.plugin(for: $0) }
        if let baseName, base == nil {
            problems.append(
                "\(Key.base.rawValue): '\(baseName.prefix(40))' is not a built-in kind; use one of \(bases.kinds.joined(separator: ", "))"
            )
        }
        func options(_ key: Key) -> JSONObject {
            guard let options = read({ () throws(PresetProblem) in try preset.object(key) }) else { return [:] }
            if let base, case .object(let properties)? = base.optionsSchema["properties"] {
                for unknown in options.unknownKeys(known: properties.keys) {
                    let known = properties.map(\.key).joined(separator: ", ")
                    problems.append(
                        "\(options.path(of: unknown)): not an option of \(base.kind); its options are \(known)")
                }
            }
            return options.members
        }
        let fixed = options(.options)
        let defaults = options(.defaults)
        for member in defaults where fixed[member.key] != nil {
            problems.append(
                "\(Key.defaults.rawValue).\(member.key): also fixed in \(Key.options.rawValue); give it in one of the two"
            )
        }
        if problems.isEmpty, let base {
            var together = defaults
            for member in fixed { together[member.key] = member.value }
            do {
                _ = try base.prepare(options: together, context: context)
            } catch {
                problems.append("\(Key.options.rawValue): \(base.kind) refuses them: \(error.message)")
            }
        }
        guard problems.isEmpty, let kind, let baseName else { return .failure(PresetProblems(problems)) }
        return .success(
            Preset(
                kind: kind, base: baseName, title: title, summary: summary, fixed: fixed, defaults: defaults,
                file: file,
                exec: exec))
    }

    static func isKindName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
            name.utf8.count <= 40
        else {
            return false
        }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }
}
