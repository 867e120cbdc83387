import PickerJSON
import PickerProtocol

/// What a view asks the app to do after a key.
enum ViewAction: Equatable {
    case none
    /// The live value changed (sent with `update`).
    case changed
    case submit
    /// Escape, where the kind gives it a meaning of its own (actions: the cancel action).
    case submitValue(JSON)
    /// The view wants a directory listed (`FileBrowser.wantsListing`).
    case browse
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
    /// Whether what would be answered is not on screen (a filter that shows
    /// no row): a form does not send it then either.
    var hidesItsAnswer: Bool { get }
    mutating func handle(_ key: Key) -> ViewAction
    /// The focus leaves the view, or its form is submitted: what was typed
    /// in part counts (`.changed` when that changed the value).
    mutating func leave() -> ViewAction
    /// The view's lines for `width` columns; `height` is the room there is,
    /// which a view may use less of (more is scrolled around the focus).
    func render(width: Int, height: Int, focused: Bool) -> [Line]
    /// The keys the footer offers: "Enter submit  Esc cancel" and `hints`.
    var keyHints: String { get }
    /// Whether Escape cancels the window (not a progress that may not be cancelled).
    var escapeCancels: Bool { get }
    /// Whether the view moves by itself (a pulse): drawn again on every tick.
    var isAnimated: Bool { get }
    /// Whether its asker moves it (a progress): the person changes nothing
    /// in it, and a form's focus passes it by.
    var followsItsAsker: Bool { get }
    /// Takes what its asker moves (a progress, a form's progress fields)
    /// from the window's new live value, on every `window.changed`; what
    /// the person is editing stays as it is.
    mutating func follow(_ value: JSON)
}

extension PickerView {
    mutating func leave() -> ViewAction { .none }
    var isBlank: Bool? { nil }
    var hidesItsAnswer: Bool { false }
    var keyHints: String { "Enter submit  Esc cancel  \(hints)" }
    var escapeCancels: Bool { true }
    var isAnimated: Bool { false }
    var followsItsAsker: Bool { false }
    mutating func follow(_ value: JSON) {}
}

/// Builds the view for a window's built-in kind (a preset's base; a kind
/// that is neither is typed as text) from its canonical options (`get`).
enum PickerViews {
    /// `isField`: a form's field, which is typed, not browsed (`browse` lists a file window's own directories).
    static func make(kind: BuiltInKind?, options: JSON, value: JSON?, isField: Bool = false) -> any PickerView {
        switch kind ?? .text {
        case .date: DateWheels(options: options, value: value)
        case .custom: CustomWheels(options: options, value: value)
        case .actions: ActionList(options: options, value: value)
        case .form: FormFields(options: options, value: value)
        case .list: ListChoices(options: options, value: value)
        case .text: TextEditor(options: options, value: value)
        case .number: NumberSlider(options: options, value: value)
        case .progress: ProgressBar(options: options, value: value)
        case .file:
            isField ? FilePathEntry(options: options, value: value) : FileBrowser(options: options, value: value)
        }
    }
}
