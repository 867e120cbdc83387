import PickerJSON

/// What a view asks the app to do after a key.
enum ViewAction: Equatable {
    case none
    /// The live value changed (sent with `update`).
    case changed
    case submit
    /// Escape, where the kind gives it a meaning of its own (actions: the cancel action).
    case submitValue(JSON)
}

/// The drawing and editing of one kind of picker.
protocol PickerView {
    /// The value to submit (and, while editing, the live value).
    var value: JSON { get }
    /// Whether the value must never be sent as a live update.
    var isSecret: Bool { get }
    /// Hints for the footer, e.g. "↑↓ change".
    var hints: String { get }
    /// Whether the view shows no answer (an empty text, nothing ticked); nil
    /// for a view that always shows one (a highlighted choice, wheels), which
    /// a form marks "not set" itself until the person sets it.
    var isBlank: Bool? { get }
    mutating func handle(_ key: Key) -> ViewAction
    /// The focus leaves the view, or its form is submitted: what was typed
    /// in part counts (`.changed` when that changed the value).
    mutating func leave() -> ViewAction
    /// The view's lines for `width` columns; `height` is the room there is,
    /// which a view may use less of (more is scrolled around the focus).
    func render(width: Int, height: Int, focused: Bool) -> [Line]
}

extension PickerView {
    mutating func leave() -> ViewAction { .none }
    var isBlank: Bool? { nil }
}

/// Builds the view for a window's kind from its canonical options (`get`).
enum PickerViews {
    static func make(kind: String, options: JSON, value: JSON?) -> any PickerView {
        switch kind {
        case "date": return DateWheels(options: options, value: value)
        case "custom": return CustomWheels(options: options, value: value)
        case "actions": return ActionList(options: options, value: value)
        case "form": return FormFields(options: options, value: value)
        case "list": return ListChoices(options: options, value: value)
        default: return TextEditor(options: options, value: value)
        }
    }
}
