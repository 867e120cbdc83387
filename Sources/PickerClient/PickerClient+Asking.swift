import PickerJSON
import PickerProtocol

/// Typed asks, one per built-in kind: each presents a window, waits for it
/// to end, and returns its value as a Swift type, or throws `AskError`:
/// `.ended` with the outcome when the window ended without an answer,
/// `.failed` when the call did. Cancelling the task dismisses the window
/// (`presentAndWait`). `level` and `timeoutMilliseconds` are `present`'s.
extension PickerClient {
    /// A day (`date` kind, `date` mode). `min`, `max` and `initial` are an
    /// ISO date (`CivilDate.isoString`), `today`, or relative: `+7d`, `-2w`, `+1m`.
    public func askDate(
        title: String, message: String? = nil, min: String? = nil, max: String? = nil, initial: String? = nil,
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> CivilDate {
        var options = JSONObject()
        options[DateOption.min] = min.map(JSON.string)
        options[DateOption.max] = max.map(JSON.string)
        options[DateOption.initial] = initial.map(JSON.string)
        let value = try await answer(.date, title, message, options, level, timeoutMilliseconds)
        guard let date = value.stringValue.flatMap(CivilDate.init(isoString:)) else { throw Self.notA("date", value) }
        return date
    }

    /// A line of text (`text` kind), or several with `multiline`. A `secure`
    /// answer is a secret: pickerd keeps it out of its logs, events and
    /// listings, and so should the caller.
    public func askText(
        title: String, message: String? = nil, placeholder: String? = nil, initial: String? = nil, secure: Bool = false,
        multiline: Bool = false, level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> String {
        var options = JSONObject()
        options[TextOption.placeholder] = placeholder.map(JSON.string)
        options[TextOption.initial] = initial.map(JSON.string)
        if secure { options[TextOption.secure] = true }
        if multiline { options[TextOption.multiline] = true }
        let value = try await answer(.text, title, message, options, level, timeoutMilliseconds)
        guard let text = value.stringValue else { throw Self.notA("string", value) }
        return text
    }

    /// One of `choices` (`list` kind).
    public func choose(
        from choices: [String], title: String, message: String? = nil, initial: String? = nil,
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> String {
        var options = JSONObject([ListOption.choices: .array(choices.map(JSON.string))])
        options[ListOption.initial] = initial.map { .array([.string($0)]) }
        let chosen = try await strings(.list, title, message, options, level, timeoutMilliseconds)
        guard chosen.count == 1 else { throw Self.notA("single choice", .array(chosen.map(JSON.string))) }
        return chosen[0]
    }

    /// Any number of `choices`, between `min` and `max` of them (`list`
    /// kind with `multiple`), in the list's order.
    public func chooseSeveral(
        from choices: [String], title: String, message: String? = nil, min: Int? = nil, max: Int? = nil,
        initial: [String] = [],
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> [String] {
        var options = JSONObject([ListOption.choices: .array(choices.map(JSON.string)), ListOption.multiple: true])
        options[ListOption.min] = min.map { .integer(Int64($0)) }
        options[ListOption.max] = max.map { .integer(Int64($0)) }
        if !initial.isEmpty { options[ListOption.initial] = .array(initial.map(JSON.string)) }
        return try await strings(.list, title, message, options, level, timeoutMilliseconds)
    }

    /// One choice per column of a wheel picker (`custom` kind with `columns`).
    public func pick(
        columns: [[String]], title: String, message: String? = nil, labels: [String] = [], initial: [String] = [],
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> [String] {
        let columns = JSON.array(columns.map { .array($0.map(JSON.string)) })
        let options = Self.wheel(JSONObject([CustomOption.columns: columns]), labels, initial)
        return try await strings(.custom, title, message, options, level, timeoutMilliseconds)
    }

    /// A path down a tree of dependent choices (`custom` kind with `tree`):
    /// an object whose keys are the first column's choices and whose values
    /// are the next column's, an array or a further object.
    public func pick(
        tree: JSONObject, title: String, message: String? = nil, labels: [String] = [], initial: [String] = [],
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> [String] {
        let options = Self.wheel(JSONObject([CustomOption.tree: .object(tree)]), labels, initial)
        return try await strings(.custom, title, message, options, level, timeoutMilliseconds)
    }

    /// The action chosen in a sheet of `actions` (`actions` kind). Choosing
    /// the `.cancel` one is an answer too: its `role` says so.
    public func askAction(
        _ actions: [SheetAction], title: String, message: String? = nil,
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> ChosenAction {
        let options = JSONObject([ActionsOption.actions: .array(actions.map(\.json))])
        let value = try await answer(.actions, title, message, options, level, timeoutMilliseconds, cancelAnswers: true)
        guard let chosen = ChosenAction(value: value, of: actions) else { throw Self.notA("chosen action", value) }
        return chosen
    }

    /// A yes or no: a sheet of `confirm` (the default) and `cancel` (whose
    /// `role` is `.cancel` when chosen).
    public func confirm(
        title: String, message: String? = nil, confirm: String = "OK", cancel: String = "Cancel",
        level: LevelSpec? = nil, timeoutMilliseconds: Int64? = nil
    ) async throws(AskError) -> ChosenAction {
        try await askAction(
            [SheetAction(confirm, role: .default), SheetAction(cancel, role: .cancel)], title: title, message: message,
            level: level, timeoutMilliseconds: timeoutMilliseconds)
    }

    // MARK: the window behind each

    /// The value of a window of `kind` once submitted (or, with
    /// `cancelAnswers`, cancelled with a value: an action sheet's cancel action).
    private func answer(
        _ kind: BuiltInKind, _ title: String, _ message: String?, _ options: JSONObject, _ level: LevelSpec?,
        _ timeout: Int64?,
        cancelAnswers: Bool = false
    ) async throws(AskError) -> JSON {
        let presentation = Presentation(
            kind: kind.rawValue, title: title, message: message, level: level, options: options,
            timeoutMilliseconds: timeout)
        let outcome: Outcome
        do {
            outcome = try await presentAndWait(presentation)
        } catch {
            throw .failed(error)
        }
        let answered = outcome.reason == .submitted || (cancelAnswers && outcome.reason == .cancelled)
        guard answered, let value = outcome.value else { throw .ended(outcome) }
        return value
    }

    /// An answer that is an array of strings (`list`, `custom`).
    private func strings(
        _ kind: BuiltInKind, _ title: String, _ message: String?, _ options: JSONObject, _ level: LevelSpec?,
        _ timeout: Int64?
    ) async throws(AskError) -> [String] {
        let value = try await answer(kind, title, message, options, level, timeout)
        guard let items = value.arrayValue else { throw Self.notA("list of strings", value) }
        let strings = items.compactMap(\.stringValue)
        guard strings.count == items.count else { throw Self.notA("list of strings", value) }
        return strings
    }

    private static func wheel(_ choices: JSONObject, _ labels: [String], _ initial: [String]) -> JSONObject {
        var options = choices
        if !labels.isEmpty { options[CustomOption.labels] = .array(labels.map(JSON.string)) }
        if !initial.isEmpty { options[CustomOption.initial] = .array(initial.map(JSON.string)) }
        return options
    }

    /// The answer is not of its kind's shape. Only its type is said: a
    /// secure text's answer never reaches an error message.
    private static func notA(_ shape: String, _ value: JSON) -> AskError {
        .failed(.protocolViolation("the answer is not a \(shape) but \(value.typeDescription)"))
    }
}
