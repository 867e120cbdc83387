import PickerJSON

/// The kinds compiled into pickerd (PROTOCOL.md, "Kinds"), in its order.
///
/// This is the one definition every side reads: the plugins take their names
/// from it, and each front-end finds a kind's view, control, tool and value
/// shape by an exhaustive `switch` over it, so a new case is a compile error
/// in every place that must learn to draw it. A preset reaches its base's
/// case through `init(kind:base:)`; nothing compares a kind's name.
public enum BuiltInKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case date, custom, text, actions, list, form, number, progress, file

    /// The name on the wire.
    public var name: String { rawValue }
    public var description: String { rawValue }

    /// The built-in kind a window or form field of `kind` is drawn and shaped
    /// as: its `base` when it is a preset, else the kind itself. Nil for a
    /// kind that is neither (a front-end then draws it as text).
    public init?(kind: String, base: String?) {
        self.init(rawValue: base ?? kind)
    }

    /// One line for `plugins` and help texts.
    public var summary: String { words.summary }

    /// The title a window of this kind gets when `present` gives none.
    public var defaultTitle: String { words.defaultTitle }

    private var words: (summary: String, defaultTitle: String) {
        switch self {
        case .date: ("Pick a date, a time, or a date and time.", "Choose a date")
        case .custom: ("Pick one row in each of one or more columns; columns may depend on the one before.", "Choose")
        case .text: ("Type a line of text (or several), optionally secret.", "Enter text")
        case .actions: ("Choose one of several actions; a cancel-role action cancels.", "Choose an action")
        case .list: ("Pick one choice from a list, or several when multiple (a checklist).", "Choose")
        case .form: ("Fill in several fields at once; each field is a picker of another kind.", "Fill in the form")
        case .number: ("Pick a number on a scale, from min to max in steps.", "Choose a number")
        case .progress: ("Show how far a task has come; the asker moves it, the person may cancel it.", "Working")
        case .file: ("Pick a file or directory path (or several), browsed on the asker's machine.", "Choose a file")
        }
    }

    /// The names of the kind's options, in the order its plugin lists them.
    public var optionNames: [String] {
        switch self {
        case .date: DateOption.names
        case .custom: CustomOption.names
        case .text: TextOption.names
        case .actions: ActionsOption.names
        case .list: ListOption.names
        case .form: FormOption.names
        case .number: NumberOption.names
        case .progress: ProgressOption.names
        case .file: FileOption.names
        }
    }

    /// Whether a window of this kind with these canonical options holds what
    /// the person types in secret: a secure text, or a form with such a field
    /// at any depth. Its value is then never sent live, shown or handed on.
    public func holdsSecret(options: JSON) -> Bool {
        switch self {
        case .text:
            options[TextOption.secure]?.boolValue ?? false
        case .form:
            FormField.fields(of: options).contains { field in
                field.builtInKind?.holdsSecret(options: field.options) ?? false
            }
        case .date, .custom, .actions, .list, .number, .progress, .file:
            false
        }
    }
}

extension WindowSummary {
    /// The built-in kind this window is drawn as (its base, for a preset).
    public var builtInKind: BuiltInKind? { BuiltInKind(kind: kind, base: base) }
}

extension PluginDescription {
    /// The built-in kind this kind's windows are drawn as (its base, for a preset).
    public var builtInKind: BuiltInKind? { BuiltInKind(kind: kind, base: base) }
}
