import PickerJSON
import PickerProtocol

/// What one asking tool's call asks: the window to present, and how its value
/// reads back for the agent.
public struct Question: Sendable {
    /// How the window's value becomes the tool's `value`.
    enum Reading: Sendable, Equatable {
        /// text, date, list, custom: the kind's value is the tool's.
        case asGiven
        /// confirm: `{label, role, index}`; the roles by index, as the agent gave them.
        case action(roles: [String])
        case form(FormMapping)
        /// approve: `{approved, reason?}` (`Approval`).
        case approval
    }

    public let tool: ToolName
    public var presentation: Present
    let reading: Reading

    /// pickerctl confirm's two actions, for a confirm without `actions`.
    static let defaultActions: [(label: String, role: String)] = [("Yes", "default"), ("No", "cancel")]

    /// Reads a call's arguments; a mistake is one sentence for the agent.
    /// What pickerd checks itself (an option's type or range, a tree's shape)
    /// is left to it, and its refusal is the call's error.
    public init(tool: ToolName, arguments: JSONObject) throws(ToolInputError) {
        self.tool = tool
        guard let kind = tool.kind else { throw ToolInputError("\(tool.rawValue) does not ask by itself") }
        let reader = ToolInputError.reader(arguments)
        if kind == .text, reader.has(TextOption.secure) {
            throw ToolInputError("\(tool.rawValue) has no secure option: \(Question.noSecrets)")
        }
        let arguments =
            tool == .approve
            ? [ToolArgument.details.rawValue] : kind == .form ? [ToolArgument.schema.rawValue] : kind.toolOptionNames
        try reader.refuseUnknownKeys(known: Self.commonArguments + arguments)

        var options = JSONObject()
        var message = try reader.string(ToolArgument.message)
        switch kind {
        case .form where tool == .approve:
            message = Approval.message(message, details: try reader.string(ToolArgument.details))
            options = Approval.formOptions
            reading = .approval
        case .form:
            guard let schema = reader[ToolArgument.schema] else { throw reader.problem(ToolArgument.schema, .missing) }
            let mapping = try FormMapping(schema: schema)
            options = mapping.formOptions
            if !mapping.notes.isEmpty {
                message = ([message].compactMap { $0 } + mapping.notes).joined(separator: "\n")
            }
            reading = .form(mapping)
        case .actions:
            let actions =
                try reader.array(ActionsOption.actions)
                ?? Self.defaultActions.map { action in
                    .object(JSONObject([ActionOption.label: .string(action.label), .role: .string(action.role)]))
                }
            options[ActionsOption.actions] = .array(actions)
            reading = .action(roles: actions.map { $0[ActionOption.role]?.stringValue ?? "default" })
        case .file:
            throw ToolInputError("no tool asks for a file: an agent has its own filesystem")
        case .text, .date, .custom, .list, .number:
            for name in arguments { options[name] = reader[name] }
            reading = .asGiven
        case .progress:
            throw ToolInputError("\(tool.rawValue) does not ask by itself")  // no tool has this kind
        }
        presentation = Present(
            kind: kind.name, title: try reader.string(ToolArgument.title), message: message,
            level: try Self.level(reader),
            options: options, timeoutMilliseconds: try Self.timeout(reader, ToolArgument.timeoutS),
            // The server is the asker: if it dies, the window ends soon after,
            // as pickerctl's do while they wait (windows.reattach_ms).
            onDisconnect: .dismiss)
    }

    /// Whether the window would ask for a secret: a secure text, or a form
    /// with a secure field at any depth. No tool builds one (ask_text has no
    /// secure option, a form's fields are never secure); checked again before
    /// anything is shown, so that no change to them lets this server receive
    /// a secret.
    var asksForASecret: Bool {
        Self.mayAskForASecret(tool.kind, options: .object(presentation.options))
    }

    /// Stricter than `BuiltInKind.holdsSecret`, as this server never means to
    /// ask for one: a `secure` that is anything but false counts, and so does
    /// a field of a kind that is no built-in one (a preset may be a secure
    /// text). A field is taken by its own kind: pickerd writes a field's base
    /// itself and replaces one given, so a base in these options says nothing.
    static func mayAskForASecret(_ kind: BuiltInKind?, options: JSON) -> Bool {
        switch kind {
        case .text?:
            guard let secure = options[TextOption.secure] else { return false }
            return secure != false
        case .form?:
            return (options[FormOption.fields]?.arrayValue ?? []).contains { json in
                guard let field = FormField(json: json) else { return true }
                return mayAskForASecret(BuiltInKind(kind: field.kind, base: nil), options: field.options)
            }
        case .date?, .custom?, .actions?, .list?, .number?, .progress?, .file?:
            return false
        case nil:
            return true
        }
    }

    static let noSecrets = "secrets are never asked through MCP"

    /// What every asking tool takes besides its kind's options.
    static let commonArguments = [ToolArgument.title, .message, .level, .timeoutS].map(\.rawValue)

    private static func level(_ reader: ObjectReader<ToolInputError>) throws(ToolInputError) -> LevelSpec? {
        switch reader[ToolArgument.level] {
        case nil: return nil
        case .string(let name)?: return LevelSpec(name)
        case let number? where number.integerValue != nil: return .value(Int(clamping: number.integerValue!))
        case let other?:
            throw reader.problem(
                ToolArgument.level,
                .mistyped(
                    expected: "a level name (normal, statusBar, alert) or an integer", found: other.typeDescription))
        }
    }

    /// `timeout_s` (seconds, fractions too) in milliseconds, at least 1.
    static func timeout(_ reader: ObjectReader<ToolInputError>, _ name: ToolArgument) throws(ToolInputError) -> Int64? {
        guard let value = reader[name] else { return nil }
        guard let seconds = value.doubleValue, seconds > 0, seconds < 1e15 else {
            throw reader.problem(name, .mistyped(expected: "a positive number of seconds", found: value.description))
        }
        return max(1, Int64((seconds * 1000).rounded(.up)))
    }

    /// The question as sentences name it: its title, or its window.
    func name(_ window: WindowID) -> String {
        presentation.title.map { "“\($0)”" } ?? "window \(window)"
    }

    /// What the window's submitted value gives the agent, or what is wrong with it.
    func read(_ value: JSON) -> FormReading {
        switch reading {
        case .asGiven:
            return .value(value)
        case .action(let roles):
            guard let index = value[ActionsValue.index]?.integerValue else { return .value(value) }
            var answer = JSONObject([ActionOption.label: value[ActionsValue.label] ?? .null])
            answer[ActionOption.role] = .string(roles.indices.contains(Int(index)) ? roles[Int(index)] : "default")
            answer[ActionsValue.index] = .integer(index)
            return .value(.object(answer))
        case .form(let mapping):
            return mapping.read(value)
        case .approval:
            return Approval.read(value)
        }
    }

    /// The same question again after `problems` in `answer`: a new window
    /// starting at what was answered, its message saying what to change.
    func askingAgain(after answer: JSON, problems: [String], timeoutMilliseconds: Int64?) -> Question {
        var again = self
        if case .form(let mapping) = reading { again.presentation.options = mapping.formOptions(startingAt: answer) }
        again.presentation.message =
            ([presentation.message].compactMap { $0 } + problems.map { "Please change: \($0)." }).joined(
                separator: "\n")
        again.presentation.timeoutMilliseconds = timeoutMilliseconds
        return again
    }
}
