import PickerClient
import PickerJSON
import PickerProtocol

/// How a value is printed on stdout: by its kind's descriptor when the kind
/// is known (`BuiltInKind.printed`); a value without its kind (`wait`,
/// `history`) by its shape alone: an array of strings as custom components
/// joined by the separator, an action by its label, anything else as compact JSON.
enum ValueFormatting {
    static func text(of value: JSON, kind: BuiltInKind?, separator: String) -> String {
        if let kind { return kind.printed(value, separator: separator) }
        switch value {
        case .string(let text):
            return text
        case .array(let components) where components.allSatisfy({ $0.stringValue != nil }):
            return BuiltInKind.custom.printed(value, separator: separator)
        case let choice where isActionChoice(choice):
            return BuiltInKind.actions.printed(choice, separator: separator)
        default:
            return value.serialized()
        }
    }

    private static func isActionChoice(_ value: JSON) -> Bool {
        guard let object = value.objectValue else { return false }
        return object.count == 2 && object[ActionsValue.index]?.integerValue != nil
            && object[ActionsValue.label]?.stringValue != nil
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
/// takes (a preset's by its `base`; `BuiltInKind.typedShape`). `submit` and
/// `update` read their VALUEs so, and the asking commands --default. A kind
/// pickerctl cannot place takes one string.
enum ValueShaping {
    /// `values` (one per custom column, or per chosen line of a list), named
    /// `what` in messages ("VALUE").
    static func value(of values: [String], shape: BuiltInKind?, kind: String, what: String = "VALUE") throws -> JSON {
        do {
            return try (shape ?? .text).value(typed: values)
        } catch {
            throw failure(error, kind: kind, what: what)
        }
    }

    /// One `--default` as typed: for `custom`, its choices joined by `separator`.
    static func value(typed text: String, shape: BuiltInKind?, kind: String, separator: String) throws -> JSON {
        do {
            return try (shape ?? .text).value(typedAsOne: text, separator: separator)
        } catch {
            throw failure(error, kind: kind, what: "--default")
        }
    }

    /// pickerd's refusal of a custom value with too few or too many columns,
    /// followed by how to type them: `hint` ("separate the columns with a tab,
    /// or pass --separator"). Any other refusal stays as it is. pickerd's
    /// sentence is "expected N components (one per column), got M".
    static func naming(_ hint: String, in refusal: String) -> String {
        refusal.contains("(one per column), got ") ? "\(refusal): \(hint)" : refusal
    }

    /// How to type the columns joined by `separator`, for `naming`.
    static func separatorHint(_ separator: String) -> String {
        let named = separator == "\t" ? "a tab" : "'\(separator)'"
        return "separate the columns with \(named), or pass --separator"
    }

    private static func failure(_ error: TypedValueError, kind: String, what: String) -> CommandFailure {
        switch error {
        case .jsonObjectExpected:
            CommandFailure(status: ExitStatus.usage, "a form takes one \(what), a JSON object keyed by field name")
        case .oneValueExpected:
            CommandFailure(
                status: ExitStatus.usage, "a \(kind) window takes one \(what); quote a value that has spaces")
        }
    }
}

/// Prints an outcome the way asking commands and `wait` do, and says how to exit.
enum OutcomePrinting {
    static func finish(_ outcome: Outcome, kind: BuiltInKind?, json: Bool, separator: String) -> Int32 {
        if json { printJSON(outcome.json) }
        switch outcome.reason {
        case .submitted:
            if !json, let value = outcome.value {
                printLine(ValueFormatting.text(of: value, kind: kind, separator: separator))
            }
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
