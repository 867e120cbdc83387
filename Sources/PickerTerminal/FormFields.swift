import PickerJSON
import PickerProtocol

/// A form: its fields one under another, each drawn by its kind's view; Tab and
/// Shift-Tab move between fields, Enter submits them all.
struct FormFields: PickerView {
    struct Field {
        var name: String
        var label: String
        var required: Bool
        var view: any PickerView
    }

    /// The room each field's view gets: a form shows its fields together.
    static let fieldHeight = 5

    var fields: [Field]
    var focus = 0
    /// The field the daemon rejected, highlighted until the next submit.
    var rejectedField: String?

    init(options: JSON, value: JSON?) {
        fields = (options[FormOption.fields]?.arrayValue ?? []).map { field in
            let name = field[FormFieldOption.name]?.stringValue ?? "?"
            return Field(
                name: name, label: field[FormFieldOption.label]?.stringValue ?? name, required: field[FormFieldOption.required]?.boolValue ?? true,
                view: PickerViews.make(kind: field[FormFieldOption.kind]?.stringValue ?? "text", options: field[FormFieldOption.options] ?? [:], value: value?[name]))
        }
    }

    var isSecret: Bool { fields.contains { $0.view.isSecret } }
    var hints: String { "Tab next field  " + (fields.indices.contains(focus) ? fields[focus].view.hints : "") }
    var value: JSON {
        .object(JSONObject(fields.map { ($0.name, $0.view.value) }))
    }

    mutating func handle(_ key: Key) -> ViewAction {
        switch key {
        case .tab, .backTab, .enter:
            // The field keeps what was typed in it before the focus leaves.
            let left = fields.indices.contains(focus) ? fields[focus].view.leave() : .none
            guard key != .enter else { return .submit }
            focus = (focus + (key == .tab ? 1 : fields.count - 1)) % fields.count
            return left == .changed ? .changed : .none
        default:
            let action = fields[focus].view.handle(key)
            return action == .submit ? .submit : action == .changed ? .changed : .none
        }
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        var lines: [Line] = []
        for (index, field) in fields.enumerated() {
            let isFocused = index == focus
            let rejected = field.name == rejectedField
            let title = (isFocused ? "▸ " : "  ") + field.label + (field.required ? "" : " (optional)") + (rejected ? "  ✗" : "")
            lines.append(Line(title, rejected ? .warning : isFocused ? .bold : .plain))
            lines += field.view.render(width: width - 2, height: Self.fieldHeight, focused: focused && isFocused).map { Line("  ") + $0 }
        }
        return lines
    }
}
