import PickerJSON

/// How a person types a built-in kind's value on a command line (`pickerctl
/// submit`, `--default`), and how the value is printed back.
public enum TypedValueShape: Sendable, Equatable {
    /// One string: a date or time as written, a text, an action's label, a
    /// number, a progress's percent.
    case oneText
    /// One string per custom column, per chosen line of a list, or per path.
    case textPerChoice
    /// One JSON object keyed by field name.
    case jsonObject
}

/// Why typed arguments do not make a value of a kind.
public enum TypedValueError: Error, Sendable, Equatable {
    /// The kind takes one argument and was given another number of them.
    case oneValueExpected
    /// A form takes one JSON object.
    case jsonObjectExpected
}

extension BuiltInKind {
    public var typedShape: TypedValueShape {
        switch self {
        case .date, .text, .actions, .number, .progress: .oneText
        case .custom, .list, .file: .textPerChoice
        case .form: .jsonObject
        }
    }

    /// The value typed as `values`: one string per column or chosen line, or
    /// one argument (a JSON object for a form). pickerd checks the rest.
    public func value(typed values: [String]) throws(TypedValueError) -> JSON {
        switch typedShape {
        case .textPerChoice:
            return .array(values.map(JSON.string))
        case .jsonObject:
            guard values.count == 1, case .object(let object)? = try? JSON.parse(values[0]) else {
                throw .jsonObjectExpected
            }
            return .object(object)
        case .oneText:
            guard values.count == 1 else { throw .oneValueExpected }
            return .string(values[0])
        }
    }

    /// One typed argument split as the kind takes it: a custom value's
    /// columns are joined by `separator` when typed as one.
    public func value(typedAsOne text: String, separator: String) throws(TypedValueError) -> JSON {
        switch self {
        case .custom:
            try value(typed: text.split(separator: separator, omittingEmptySubsequences: false).map(String.init))
        case .date, .text, .actions, .list, .form, .number, .progress, .file: try value(typed: [text])
        }
    }

    /// The value as a script reads it on stdout: a string as it is, a custom
    /// value's or a list's choices joined by `separator`, an action by its
    /// label, anything else as compact JSON.
    public func printed(_ value: JSON, separator: String) -> String {
        if case .string(let text) = value { return text }
        switch self {
        case .custom, .list:
            if let components = value.arrayValue, components.allSatisfy({ $0.stringValue != nil }) {
                return components.compactMap(\.stringValue).joined(separator: separator)
            }
        case .actions:
            if let label = value[ActionsValue.label]?.stringValue { return label }
        case .file:
            // One path per line, whatever the separator: a path may hold a tab.
            if let paths = value.arrayValue, paths.allSatisfy({ $0.stringValue != nil }) {
                return paths.compactMap(\.stringValue).joined(separator: "\n")
            }
        case .date, .text, .form, .number, .progress:
            break
        }
        return value.serialized()
    }
}
