import PickerClient
import PickerJSON
import PickerProtocol

/// How a value is printed on stdout: strings as they are, a custom picker's
/// components joined by the separator, an action by its label, anything else as
/// compact JSON.
enum ValueFormatting {
    static func text(of value: JSON, kind: String?, separator: String) -> String {
        switch (kind, value) {
        case (_, .string(let text)):
            return text
        case ("custom", .array(let components)):
            return components.compactMap(\.stringValue).joined(separator: separator)
        case (nil, .array(let components)) where components.allSatisfy({ $0.stringValue != nil }):
            // A value without its kind (wait): an array of strings reads as custom components.
            return components.compactMap(\.stringValue).joined(separator: separator)
        case ("actions", let choice):
            return choice[ActionsValue.label]?.stringValue ?? choice.serialized()
        case (nil, let choice) where isActionChoice(choice):
            return choice[ActionsValue.label]?.stringValue ?? choice.serialized()
        default:
            return value.serialized()
        }
    }

    private static func isActionChoice(_ value: JSON) -> Bool {
        guard let object = value.objectValue else { return false }
        return object.count == 2 && object[ActionsValue.index]?.integerValue != nil && object[ActionsValue.label]?.stringValue != nil
    }

    /// `\t` and `\n` written out in a separator mean a tab and a newline.
    static func unescape(_ separator: String) -> String {
        separator.replacingEscapes()
    }
}

extension String {
    fileprivate func replacingEscapes() -> String {
        var result = ""
        var escaping = false
        for character in self {
            if escaping {
                switch character {
                case "t": result.append("\t")
                case "n": result.append("\n")
                case "\\": result.append("\\")
                default: result.append("\\"); result.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                result.append(character)
            }
        }
        if escaping { result.append("\\") }
        return result
    }
}

/// Values as a person types them, in the shape a window of a built-in kind
/// takes (a preset's by its `base`): for `custom` the array of components,
/// for `form` one JSON object, otherwise one string (for `actions` the label).
/// `submit` and `update` read their VALUEs so, and the asking commands --default.
enum ValueShaping {
    /// `values` (one per custom column, or per chosen line of a list), named
    /// `what` in messages ("VALUE").
    static func value(of values: [String], shape: String, kind: String, what: String = "VALUE") throws -> JSON {
        switch shape {
        case "custom", "list":
            // A list takes one VALUE per chosen line.
            return .array(values.map(JSON.string))
        case "form":
            guard values.count == 1, case .object(let object)? = try? JSON.parse(values[0]) else {
                throw CommandFailure(status: ExitStatus.usage, "a form takes one \(what), a JSON object keyed by field name")
            }
            return .object(object)
        default:
            guard values.count == 1 else {
                throw CommandFailure(status: ExitStatus.usage, "a \(kind) window takes one \(what); quote a value that has spaces")
            }
            return .string(values[0])
        }
    }

    /// One `--default` as typed: for `custom`, its choices joined by `separator`.
    static func value(typed text: String, shape: String, kind: String, separator: String) throws -> JSON {
        let values = shape == "custom" ? text.split(separator: separator, omittingEmptySubsequences: false).map(String.init) : [text]
        return try value(of: values, shape: shape, kind: kind, what: "--default")
    }
}

/// Prints an outcome the way asking commands and `wait` do, and says how to exit.
enum OutcomePrinting {
    static func finish(_ outcome: Outcome, kind: String?, json: Bool, separator: String) -> Int32 {
        if json { printJSON(outcome.json) }
        switch outcome.reason {
        case .submitted:
            if !json, let value = outcome.value { printLine(ValueFormatting.text(of: value, kind: kind, separator: separator)) }
            return ExitStatus.submitted
        case .timeout:
            guard let value = outcome.value else { return ExitStatus.timedOut }
            if !json { printLine(ValueFormatting.text(of: value, kind: kind, separator: separator)) }
            return ExitStatus.submitted
        case .cancelled, .dismissed, .ownerGone, .shutdown:
            return ExitStatus.ended
        }
    }
}
