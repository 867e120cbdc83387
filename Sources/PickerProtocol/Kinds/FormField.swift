import PickerJSON

/// One field of a form's canonical options (`get`): `{name, kind, base?,
/// label?, required, options}`. pickerd writes `base` for a field whose kind
/// is a preset, so every front-end draws the field by its base's view.
public struct FormField: Sendable, Equatable {
    public var name: String
    public var kind: String
    public var base: String?
    public var label: String?
    public var isRequired: Bool
    /// The field's own canonical options, in its kind's shape.
    public var options: JSON

    public init(
        name: String, kind: String, base: String? = nil, label: String? = nil, isRequired: Bool = true,
        options: JSON = .object([:])
    ) {
        self.name = name
        self.kind = kind
        self.base = base
        self.label = label
        self.isRequired = isRequired
        self.options = options
    }

    /// The built-in kind the field is drawn and shaped as.
    public var builtInKind: BuiltInKind? { BuiltInKind(kind: kind, base: base) }

    /// A field as the form's options hold it; nil without a name or kind.
    public init?(json: JSON) {
        guard let name = json[FormFieldOption.name]?.stringValue, let kind = json[FormFieldOption.kind]?.stringValue
        else {
            return nil
        }
        self.init(
            name: name, kind: kind, base: json[FormFieldOption.base]?.stringValue,
            label: json[FormFieldOption.label]?.stringValue,
            isRequired: json[FormFieldOption.required]?.boolValue ?? true,
            options: json[FormFieldOption.options] ?? .object([:]))
    }

    /// The fields of a form's options, in order.
    public static func fields(of formOptions: JSON) -> [FormField] {
        formOptions[FormOption.fields]?.arrayValue?.compactMap(FormField.init(json:)) ?? []
    }
}
