import PickerJSON
import PickerProtocol

/// A form: its fields one under another, each drawn by its kind's view; Tab and
/// Shift-Tab move between fields, Enter submits them all.
///
/// A field the form's value does not hold is not set, and left out of the
/// value, until the person sets it: a view that always shows an answer (a
/// highlighted choice, wheels) is drawn dim under "not set" meanwhile, and a
/// change, or Space, sets it. Delete makes an optional field not set again; an
/// optional text left empty, or a checklist with nothing ticked, is left out.
///
/// A field its asker moves (a progress) is drawn as it is live, follows the
/// asker's updates (`follow`), and the focus passes it by: the person only
/// watches it.
struct FormFields: PickerView {
    struct Field {
        var name: String
        var label: String
        var required: Bool
        var view: any PickerView
        /// Whether the field has an answer: given by the asker's `initial` or
        /// set by the person. A view that can be blank is always set.
        var isSet: Bool

        /// Whether the field's answer goes into the form's value.
        var isAnswered: Bool { isSet && (required || view.isBlank != true) }
        /// Whether Delete can make it not set (a text deletes what is typed instead).
        var canBeCleared: Bool { !required && view.isBlank == nil && isSet }
    }

    /// The room each field's view gets: a form shows its fields together.
    static let fieldHeight = 5

    var fields: [Field]
    var focus = 0
    /// The field the daemon rejected, highlighted until the next submit.
    var rejectedField: String?

    init(options: JSON, value: JSON?) {
        // A preset field is drawn by its base's view: pickerd writes the base into each field.
        fields = FormField.fields(of: options).map { field in
            let given = value?[field.name].flatMap { $0.isNull ? nil : $0 }
            var view = PickerViews.make(kind: field.builtInKind, options: field.options, value: given, isField: true)
            // Enter sends the form: a checklist's own Enter does not apply.
            if var list = view as? ListChoices {
                list.answersOnEnter = false
                view = list
            }
            return Field(
                name: field.name, label: field.label ?? field.name, required: field.isRequired, view: view,
                isSet: given != nil || view.isBlank != nil || view.followsItsAsker)
        }
        focus = fields.firstIndex { !$0.view.followsItsAsker } ?? 0
    }

    var isAnimated: Bool { fields.contains { $0.view.isAnimated } }

    mutating func follow(_ value: JSON) {
        for index in fields.indices {
            guard let given = value[fields[index].name], !given.isNull else { continue }
            fields[index].view.follow(given)
        }
    }

    /// `value` without what its asker moves (`followsItsAsker`), at any
    /// depth: the person's part, which the asker's updates leave as it is
    /// (`PendingEchoes` compares by it).
    func personsPart(of value: JSON) -> JSON {
        guard var object = value.objectValue else { return value }
        for field in fields {
            if field.view.followsItsAsker {
                object[field.name] = nil
            } else if let form = field.view as? FormFields, let inner = object[field.name] {
                object[field.name] = form.personsPart(of: inner)
            }
        }
        return .object(object)
    }

    /// The next field the person fills in from the focus, forward or back
    /// (the focus itself when there is no other).
    private func nextFocus(forward: Bool) -> Int {
        let count = fields.count
        for step in 1...count {
            let index = (focus + (forward ? step : count - step)) % count
            if !fields[index].view.followsItsAsker { return index }
        }
        return focus
    }

    var isSecret: Bool { fields.contains { $0.view.isSecret } }
    var hints: String {
        guard fields.indices.contains(focus) else { return "Tab next field" }
        let field = fields[focus]
        let setting = !field.isSet ? "  Space set" : field.canBeCleared ? "  Del clear" : ""
        return "Tab next field" + setting + "  " + field.view.hints
    }
    var value: JSON {
        .object(JSONObject(fields.filter(\.isAnswered).map { ($0.name, $0.view.value) }))
    }

    mutating func handle(_ key: Key) -> ViewAction {
        guard fields.indices.contains(focus) else { return key == .enter ? .submit : .none }
        switch key {
        case .enter where fields[focus].view.hidesItsAnswer:
            // The filter shows no row: nothing is sent that is not on screen.
            return .none
        case .tab, .backTab, .enter:
            // The field keeps what was typed in it before the focus leaves.
            let left = fields[focus].view.leave()
            if left == .changed { fields[focus].isSet = true }
            guard key != .enter else { return .submit }
            focus = nextFocus(forward: key == .tab)
            return left == .changed ? .changed : .none
        case .character(" ") where !fields[focus].isSet:
            // As it is shown: the person may want just that.
            fields[focus].isSet = true
            return .changed
        case .delete where fields[focus].canBeCleared:
            fields[focus].isSet = false
            return .changed
        default:
            let action = fields[focus].view.handle(key)
            if action == .changed { fields[focus].isSet = true }
            return action == .submit ? .submit : action == .changed ? .changed : .none
        }
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        var lines: [Line] = []
        for (index, field) in fields.enumerated() {
            let isFocused = index == focus
            let rejected = field.name == rejectedField
            let title = (isFocused ? "▸ " : "  ") + field.label + (field.required ? "" : " (optional)")
            var heading = Line(title, rejected ? .warning : isFocused ? .bold : .plain)
            // In reverse video where it has focus: that is where the screen scrolls to.
            if !field.isSet {
                heading = heading + Line(" · ") + Line("not set", focused && isFocused ? .reverse : .dim)
            }
            if rejected { heading = heading + Line("  ✗", .warning) }
            lines.append(heading)
            let drawn = field.view.render(
                width: width - 2, height: Self.fieldHeight, focused: focused && isFocused && field.isSet)
            // Not set: what the view shows is only where it starts, so nothing stands out.
            lines += drawn.map { Line("  ") + (field.isSet ? $0 : $0.faded) }
        }
        return lines
    }
}
