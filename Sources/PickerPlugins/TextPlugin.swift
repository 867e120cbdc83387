import PickerCore
import PickerJSON
import PickerProtocol

/// `text`: a line (or lines) of text, optionally a secret.
///
/// Lengths count characters as a person sees them (extended grapheme clusters:
/// 日本 is 2, an emoji flag is 1), not bytes. `pattern` must match the whole value.
public struct TextPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.text

    public static let defaultMaxLength = 4096
    /// No text can be longer than a protocol line anyway.
    public static let largestMaxLength = 1 << 20
    /// Patterns are compiled per window; a bound keeps that cheap.
    public static let longestPattern = 1000

    public var optionsSchema: JSON {
        [
            "type": "object", "additionalProperties": false,
            "properties": .object(
                JSONObject([
                    TextOption.placeholder: ["type": "string"], TextOption.initial: ["type": "string"],
                    TextOption.minLength: ["type": "integer", "minimum": 0],
                    TextOption.maxLength: [
                        "type": "integer", "minimum": 1, "maximum": .integer(Int64(Self.largestMaxLength)),
                        "default": 4096,
                    ],
                    TextOption.pattern: [
                        "type": "string", "description": "a regular expression the whole value must match",
                    ],
                    TextOption.patternDescription: [
                        "type": "string", "maxLength": 200,
                        "description":
                            "what pattern asks for, in words (\"an email address\"): shown to the person in place of the regular expression",
                    ],
                    TextOption.secure: ["type": "boolean", "default": false],
                    TextOption.multiline: ["type": "boolean", "default": false],
                    TextOption.trim: ["type": "boolean", "default": false],
                    TextOption.takesNumbers: [
                        "type": "boolean", "default": false,
                        "description": "a JSON number is taken as its text (2.5 is \"2.5\")",
                    ],
                ])),
        ]
    }

    public var valueSchema: JSON { ["type": "string"] }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(
            options, kind: kind, known: TextOption.names)
        let minLength = try reader.integer(TextOption.minLength, in: 0...Self.largestMaxLength) ?? 0
        let maxLength = try reader.integer(TextOption.maxLength, in: 1...Self.largestMaxLength) ?? Self.defaultMaxLength
        guard minLength <= maxLength else {
            throw PluginRejection(
                "option '\(TextOption.minLength)' (\(minLength)) must not be greater than option '\(TextOption.maxLength)' (\(maxLength))"
            )
        }
        let pattern = try reader.string(TextOption.pattern)
        var compiled: LinearPattern?
        if let pattern {
            guard pattern.utf8.count <= Self.longestPattern else {
                throw PluginRejection("option '\(TextOption.pattern)' is longer than \(Self.longestPattern) bytes")
            }
            do {
                compiled = try LinearPattern(pattern)
            } catch {
                throw PluginRejection("option '\(TextOption.pattern)' is not a valid regular expression: \(error)")
            }
            let size = compiled!.size
            guard size * maxLength <= LinearPattern.largestWork else {
                throw PluginRejection(
                    "this pattern takes \(size) steps per character, so option '\(TextOption.maxLength)' may be at most \(LinearPattern.largestWork / size); lower it or simplify the pattern"
                )
            }
        }
        let picker = PreparedText(
            placeholder: try reader.string(TextOption.placeholder), initial: try reader.string(TextOption.initial),
            minLength: minLength,
            maxLength: maxLength, pattern: pattern,
            patternDescription: try patternDescription(reader, pattern: pattern),
            matcher: compiled,
            isSecure: try reader.bool(TextOption.secure) ?? false,
            isMultiline: try reader.bool(TextOption.multiline) ?? false,
            trims: try reader.bool(TextOption.trim) ?? false,
            takesNumbers: try reader.bool(TextOption.takesNumbers) ?? false)
        if let initial = picker.initial {
            if !picker.isMultiline, initial.contains(where: \.isNewline) {
                throw PluginRejection(
                    "option '\(TextOption.initial)' has a line break, but the picker is not multiline")
            }
            if initial.count > maxLength {
                throw PluginRejection(
                    "option '\(TextOption.initial)' is longer than option '\(TextOption.maxLength)' (\(maxLength) characters)"
                )
            }
        }
        return picker
    }

    /// A description without a pattern would promise a check nobody makes.
    private func patternDescription(_ reader: OptionReader, pattern: String?) throws(PluginRejection) -> String? {
        guard let description = try reader.string(TextOption.patternDescription) else { return nil }
        guard pattern != nil else {
            throw PluginRejection(
                "option '\(TextOption.patternDescription)' describes option '\(TextOption.pattern)', which is not given"
            )
        }
        guard description.count <= 200 else {
            throw PluginRejection("option '\(TextOption.patternDescription)' is longer than 200 characters")
        }
        return description
    }
}

/// A text picker's rules for one window.
struct PreparedText: PreparedPicker {
    let placeholder: String?
    let initial: String?
    let minLength: Int
    let maxLength: Int
    let pattern: String?
    /// What `pattern` asks for, in words: said in its place.
    let patternDescription: String?
    /// `pattern` compiled at `present`; matching takes linear time (LinearPattern).
    let matcher: LinearPattern?
    let isSecure: Bool
    let isMultiline: Bool
    let trims: Bool
    /// A JSON number is taken as its text (`takes_numbers`).
    let takesNumbers: Bool

    var options: JSON {
        var object = JSONObject()
        if let placeholder { object[TextOption.placeholder] = .string(placeholder) }
        if let initial, !isSecure { object[TextOption.initial] = .string(initial) }
        object[TextOption.minLength] = .integer(Int64(minLength))
        object[TextOption.maxLength] = .integer(Int64(maxLength))
        if let pattern { object[TextOption.pattern] = .string(pattern) }
        if let patternDescription { object[TextOption.patternDescription] = .string(patternDescription) }
        object[TextOption.secure] = .bool(isSecure)
        object[TextOption.multiline] = .bool(isMultiline)
        object[TextOption.trim] = .bool(trims)
        if takesNumbers { object[TextOption.takesNumbers] = true }
        return .object(object)
    }

    var initialValue: JSON? { initial.map(JSON.string) }

    /// Never echoes the text: the value may be a secret.
    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        var text: String
        switch value {
        case .string(let given): text = given
        // Only where asked: elsewhere a number given for a text is a mistake
        // (a plugin program's, a script's) that must not pass as its digits.
        case .integer where takesNumbers, .double where takesNumbers: text = value.serialized()
        default: throw PluginRejection("a text value must be a string, not \(value.typeDescription)")
        }
        if trims {
            text = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
        }
        if !isMultiline, text.contains(where: \.isNewline) {
            throw PluginRejection("the text must be a single line; this picker is not multiline")
        }
        let length = text.count
        if length < minLength {
            throw PluginRejection("the text must be at least \(minLength) characters long (it has \(length))")
        }
        if length > maxLength {
            throw PluginRejection("the text must be at most \(maxLength) characters long (it has \(length))")
        }
        if let pattern, let matcher, !matcher.matchesWhole(text) {
            throw PluginRejection(
                patternDescription.map { "the text is not \($0)" }
                    ?? "the text does not match the required pattern \(pattern)")
        }
        return .string(text)
    }

    func redact(_ value: JSON) -> JSON? {
        isSecure ? nil : value
    }
}
