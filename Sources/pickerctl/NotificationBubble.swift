import PickerClient
import PickerJSON
import PickerProtocol
import PickerTerminal

/// What `pickerctl notify` puts in a desktop notification for one window:
/// the title, how to answer and, where the bubble can hold the answer (an
/// actions sheet or a single-choice list of at most three), one action per
/// answer (a form, by its one required field of those), and "Open" when
/// there is a page or an open command to open.
struct NotificationBubble: Equatable, Sendable {
    struct Action: Equatable, Sendable {
        let key: String
        let label: String
    }

    /// What an action printed by notify-send asks for.
    enum Choice: Sendable, Equatable {
        case answer(JSON)
        case open
    }

    /// The spec's key for activating the bubble itself, so a click on it
    /// opens the page too (and `dunstctl action` reaches it).
    static let openKey = "default"
    /// Beyond three, actions crowd or fold away on most servers.
    static let mostAnswers = 3

    let summary: String
    /// Markup-escaped: most servers read the body as markup, and who asks
    /// (the asking program's name) is the asker's to choose.
    let body: String
    let urgency: String
    let actions: [Action]
    /// What each answering action's key submits.
    private let answers: [String: JSON]

    /// `options` are the window's (nil when they could not be read: the title
    /// alone then); `pageAddress` pickerweb's, without its token. The message
    /// stays out: notify-send's command line is readable by every user (the
    /// title and the labels are there, as the title always was). A window
    /// with a message gets no answers, Open only: the message is what is
    /// asked about (`approve` puts its details there), and the person must
    /// see it before answering.
    init(window: WindowSummary, options: JSON?, message: String?, pageAddress: String?, canOpen: Bool) {
        let kind = window.builtInKind
        let secret = options.map { kind?.holdsSecret(options: $0) ?? false } ?? true
        summary = Self.withoutControls(window.title.isEmpty ? "A script asks for a value" : window.title)
        urgency = window.level >= .alert ? "critical" : "normal"
        var answering: [(label: String, value: JSON)] = []
        if let options, !secret, message?.isEmpty ?? true { answering = Self.answers(kind: kind, options: options) }
        var actions = answering.enumerated().map { Action(key: "answer-\($0)", label: Self.withoutControls($1.label)) }
        answers = Dictionary(uniqueKeysWithValues: zip(actions.map(\.key), answering.map(\.value)))
        if canOpen { actions.append(Action(key: Self.openKey, label: "Open")) }
        self.actions = actions
        // A secure window's notification is its title alone.
        guard !secret else {
            body = ""
            return
        }
        var text = "pickerd is waiting (\(window.levelName ?? window.level.description), \(window.kind)): answer "
        text += answering.isEmpty ? "with pickerctl ui" : "here or with pickerctl ui"
        if let asker = WhoAsks(window.owner) { text = asker.line + ". " + text }
        if let pageAddress { text += " or at \(pageAddress)" }
        body = Self.escapingMarkup(Self.withoutControls(text))
    }

    /// The answers a bubble can hold for a window of `kind`, with their values
    /// as `submit` takes them; none for every other kind (answered with Open).
    static func answers(kind: BuiltInKind?, options: JSON) -> [(label: String, value: JSON)] {
        switch kind {
        case .actions?:
            let actions = options[ActionsOption.actions]?.arrayValue ?? []
            guard (1...mostAnswers).contains(actions.count) else { return [] }
            return actions.enumerated().map { index, action in
                (
                    action[ActionOption.label]?.stringValue ?? "?",
                    .object(JSONObject([ActionsValue.index: .integer(Int64(index))]))
                )
            }
        case .list?:
            let choices = options[ListOption.choices]?.arrayValue?.compactMap(\.stringValue) ?? []
            guard options[ListOption.multiple]?.boolValue != true, (1...mostAnswers).contains(choices.count) else {
                return []
            }
            return choices.map { ($0, .array([.string($0)])) }
        case .form?:
            // A form whose one required field the bubble can hold, every other
            // field optional (the `approve` tool's decision and reason): that
            // field's answers submit the form with it alone. A nested form
            // is left to Open: one rule, one level. So is a form with an
            // optional field that starts with a value: submitting the one
            // field alone would drop it.
            let fields = FormField.fields(of: options)
            let required = fields.filter(\.isRequired)
            guard required.count == 1, let field = required.first, field.builtInKind != .form,
                !fields.contains(where: { !$0.isRequired && Self.startsWithValue($0) })
            else { return [] }
            return answers(kind: field.builtInKind, options: field.options).map { answer in
                (answer.label, .object(JSONObject([field.name: answer.value])))
            }
        // A value typed, picked on a wheel or a scale, a bar only its asker
        // moves, or a path browsed: answered on the page (Open).
        case .date?, .custom?, .text?, .number?, .progress?, .file?, nil:
            return []
        }
    }

    /// Whether a form's field starts with a value of its own (an `initial`,
    /// or a nested field's); a kind this client does not know is taken to.
    static func startsWithValue(_ field: FormField) -> Bool {
        switch field.builtInKind {
        case .date?: field.options[DateOption.initial] != nil
        case .custom?: field.options[CustomOption.initial] != nil
        case .text?: field.options[TextOption.initial] != nil
        case .list?: field.options[ListOption.initial] != nil
        case .number?: field.options[NumberOption.initial] != nil
        case .form?: FormField.fields(of: field.options).contains(where: startsWithValue)
        case .actions?, .progress?, .file?: false
        case nil: true
        }
    }

    /// Whether the notification stays to hear an action.
    var waits: Bool { !actions.isEmpty }

    /// What the action `key` asks for: only a key this bubble offered.
    func choice(forKey key: String) -> Choice? {
        guard actions.contains(where: { $0.key == key }) else { return nil }
        return key == Self.openKey ? .open : answers[key].map(Choice.answer)
    }

    /// notify-send's command line. "--": a title that starts with a minus is
    /// a title, not an option.
    func arguments(notifySend: String) -> [String] {
        var arguments = [notifySend, "--app-name=pickerd", "--urgency=\(urgency)"]
        if waits { arguments += ["--wait"] + actions.map { "--action=\($0.key)=\($0.label)" } }
        return arguments + ["--", summary, body]
    }

    static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !VisibleText.isActedOn($0) }))
    }

    /// The body's text as markup shows it: `<b>` stays four characters.
    static func escapingMarkup(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
