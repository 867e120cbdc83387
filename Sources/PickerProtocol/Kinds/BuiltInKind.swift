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
