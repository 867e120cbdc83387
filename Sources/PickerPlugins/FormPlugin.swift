import PickerCore
import PickerJSON
import PickerProtocol

/// `form`: several fields in one window, each drawn and checked by its own kind.
/// A rejected field is named in the message and in `field`.
public struct FormPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.form

    public var optionsSchema: JSON {
        let field = OptionsSchema.closedObject(
            required: [FormFieldOption.name, .kind],
            [
                .name: ["type": "string", "minLength": 1, "maxLength": .integer(Int64(PluginLimits.labelLength))],
                .kind: [
                    "type": "string",
                    "description": .string(
                        "any kind except form; a preset of form nests a form, at most \(PluginLimits.formNesting) deep"),
                ],
                .base: [
                    "type": "string",
                    "description":
                        "written by pickerd: the built-in kind a preset field is made from; a given one is replaced",
                ],
                .label: ["type": "string", "maxLength": .integer(Int64(PluginLimits.labelLength))],
                .required: ["type": "boolean", "default": true],
                .options: ["type": "object"],
            ])
        return OptionsSchema.closedObject(
            required: [FormOption.fields],
            [.fields: .object(OptionsSchema.list(of: field, maxItems: PluginLimits.formFields))])
    }

    public var valueSchema: JSON {
        [
            "type": "object",
            "description": "keyed by field name; each value in its field kind's form; optional fields may be left out",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let list = try OptionReader(options, kind: kind, known: FormOption.names).objects(
            FormOption.fields.rawValue, atMost: PluginLimits.formFields,
            missing: "a form needs option '\(FormOption.fields)' with at least one field",
            holder: "a form", item: ("a form field", "field", #"{"name":"when","kind":"date"}"#),
            known: FormFieldOption.names)
        var fields: [PreparedForm.Field] = []
        fields.reserveCapacity(list.count)
        var positions: [String: Int] = [:]
        var depth = 1
        for (index, spec) in list {
            guard let name = try spec.string(FormFieldOption.name), !name.isEmpty else {
                throw PluginRejection("field \(index + 1) needs a non-empty name")
            }
            try PluginLimits.checkLength(name, of: "the name of field \(index + 1)")
            guard positions.updateValue(index, forKey: name) == nil else {
                throw PluginRejection("two fields are named '\(name.prefix(40))'; names must be unique", field: name)
            }
            guard let kind = try spec.string(FormFieldOption.kind) else {
                throw PluginRejection("field '\(name.prefix(40))' needs a kind", field: name)
            }
            guard kind != self.kind, let plugin = context.registry.plugin(for: kind) else {
                let kinds = context.registry.kinds.filter { $0 != self.kind }
                throw PluginRejection(
                    "field '\(name.prefix(40))' has kind '\(kind.prefix(40))'; use one of \(kinds.joined(separator: ", "))",
                    field: name)
            }
            let fieldOptions: JSONObject
            switch spec[FormFieldOption.options] {
            case nil: fieldOptions = JSONObject()
            case .object(let given)?: fieldOptions = given
            case let other?:
                throw PluginRejection(
                    "field '\(name.prefix(40))': options must be an object, not \(other.typeDescription)", field: name)
            }
            let picker: any PreparedPicker
            do {
                picker = try plugin.prepare(options: fieldOptions, context: context)
            } catch {
                throw PluginRejection("field '\(name.prefix(40))': \(error.message)", field: name)
            }
            if let problem = picker.problemAsField {
                throw PluginRejection("field '\(name.prefix(40))': \(problem)", field: name)
            }
            if let form = picker as? PreparedForm {
                guard form.depth < PluginLimits.formNesting else {
                    throw PluginRejection(
                        "forms nest at most \(PluginLimits.formNesting) deep (a form in a form in a form); field '\(name.prefix(40))' makes \(form.depth + 1)",
                        field: name)
                }
                depth = max(depth, form.depth + 1)
            }
            let label = try spec.string(FormFieldOption.label)
            if let label { try PluginLimits.checkLength(label, of: "the label of field '\(name.prefix(40))'") }
            fields.append(
                .init(
                    name: name, kind: kind, base: plugin.base, label: label,
                    isRequired: try spec.bool(FormFieldOption.required) ?? true,
                    picker: picker))
        }
        return PreparedForm(fields: fields, positions: positions, depth: depth)
    }
}

/// A form's fields for one window.
struct PreparedForm: PreparedPicker {
    struct Field: Sendable {
        var name: String
        var kind: String
        /// The built-in kind a preset field is made from, written to the
        /// options so every front-end draws the field by it; a given one is
        /// not read, so it is always pickerd's.
        var base: String?
        var label: String?
        var isRequired: Bool
        var picker: any PreparedPicker
    }

    let fields: [Field]
    /// Each field's index in `fields`, by name.
    let positions: [String: Int]
    /// 1 for a form without forms in its fields; one more for each form within.
    let depth: Int

    var options: JSON {
        .object(
            JSONObject([
                FormOption.fields: .array(
                    fields.map { field in
                        var object = JSONObject()
                        object[FormFieldOption.name] = .string(field.name)
                        object[FormFieldOption.kind] = .string(field.kind)
                        if let base = field.base { object[FormFieldOption.base] = .string(base) }
                        if let label = field.label { object[FormFieldOption.label] = .string(label) }
                        object[FormFieldOption.required] = .bool(field.isRequired)
                        object[FormFieldOption.options] = field.picker.options
                        return .object(object)
                    })
            ]))
    }

    /// Each field where its options' `initial` puts it; a field without one
    /// is not set, left out, until the person sets it (a list's first choice
    /// or a date's today would be an answer the person never gave).
    var initialValue: JSON? {
        .object(JSONObject(fields.compactMap { field in field.picker.givenInitialValue.map { (field.name, $0) } }))
    }

    /// A form in a form is set when one of its fields is.
    var givenInitialValue: JSON? {
        initialValue.flatMap { $0.objectValue?.isEmpty == true ? nil : $0 }
    }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        try normalize(value, context: context, complete: true)
    }

    /// A form being filled in: required fields may still be missing.
    func normalizeDraft(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        try normalize(value, context: context, complete: false)
    }

    private func normalize(_ value: JSON, context: PluginContext, complete: Bool) throws(PluginRejection) -> JSON {
        guard let given = value.objectValue else {
            throw PluginRejection("a form value must be an object keyed by field name, not \(value.typeDescription)")
        }
        for member in given where positions[member.key] == nil {
            throw PluginRejection(
                "the form has no field '\(member.key.prefix(40))'; its fields are \(fields.map(\.name).listed())",
                field: member.key)
        }
        var normalized = JSONObject()
        for field in fields {
            guard let fieldValue = given[field.name], !fieldValue.isNull else {
                if complete, field.isRequired {
                    throw PluginRejection("field '\(field.name.prefix(40))' is required", field: field.name)
                }
                continue
            }
            do {
                normalized[field.name] =
                    try complete
                    ? field.picker.normalize(fieldValue, context: context)
                    : field.picker.normalizeDraft(fieldValue, context: context)
            } catch {
                throw PluginRejection("field '\(field.name.prefix(40))': \(error.message)", field: field.name)
            }
        }
        return .object(normalized)
    }

    /// A field its asker moves (a progress), or a form holding one.
    var hasAskerMovedParts: Bool { fields.contains { $0.picker.hasAskerMovedParts } }

    /// Merges per field (`ValueGiver`): a field its asker moves is the live
    /// one unless the asker gives it, so a front-end's stale copy never
    /// undoes the asker's newer progress, and the asker's update of it
    /// leaves what the person filled in as it is.
    func settled(_ given: JSON, over current: JSON?, by giver: ValueGiver) -> JSON {
        guard hasAskerMovedParts, var object = given.objectValue else { return given }
        let live = current?.objectValue ?? JSONObject()
        if giver == .askerUpdate {
            for member in live.members where object[member.key] == nil { object[member.key] = member.value }
        }
        for field in fields where field.picker.hasAskerMovedParts {
            let mine = object[field.name].flatMap { $0.isNull ? nil : $0 }
            let theirs = live[field.name]
            if field.picker.isMovedByAsker {
                object[field.name] = giver.isOther ? theirs : mine ?? theirs
            } else if mine == nil, !field.isRequired, giver == .askerAnswer || giver == .otherAnswer {
                // An optional form within, left out of a complete answer:
                // left out, whatever its asker moves in it (filled in from
                // the live value, its required fields would be missing).
                // A draft without it keeps the live copy (it may be stale).
                object[field.name] = nil
            } else if mine != nil || theirs != nil {
                // A form within: merged the same way, field by field.
                object[field.name] = field.picker.settled(mine ?? [:], over: theirs, by: giver)
            }
        }
        return .object(object)
    }

    /// Leaves out the secret fields (and secret parts of fields).
    func redact(_ value: JSON) -> JSON? {
        guard let object = value.objectValue else { return value }
        var visible = JSONObject()
        for member in object {
            guard let position = positions[member.key] else { continue }
            let field = fields[position]
            if let shown = field.picker.redact(member.value) { visible[member.key] = shown }
        }
        return .object(visible)
    }
}
