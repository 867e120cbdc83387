import PickerJSON
import PickerProtocol

/// The tools the server offers, as MCP names them. A tool that asks shares
/// its verb with `pickerctl` where both have one: `choose` is a `list` in
/// both, and columns and trees (`custom`, `pickerctl custom`) are `pick`.
public enum ToolName: String, CaseIterable, Sendable {
    case askText = "ask_text"
    case askDate = "ask_date"
    case askNumber = "ask_number"
    case choose
    case pick
    case confirm
    case askForm = "ask_form"
    /// Approve or reject what the agent is about to do: a form of the decision and a reason (`Approval`).
    case approve
    case present
    case `await`

    /// The tools that ask a question (and that `present` takes).
    public static let asking: [ToolName] = allCases.filter { $0.kind != nil }

    /// The built-in kind this tool asks with; nil for `present` and `await`,
    /// which ask nothing themselves. `approve` is a form (`Approval`), not a kind of its own.
    public var kind: BuiltInKind? {
        self == .approve ? .form : BuiltInKind.allCases.first { $0.tool == self }
    }
}

extension BuiltInKind {
    /// The tool that asks with this kind: the one table from kind to tool.
    /// A new kind does not compile here until it has a tool, or says why
    /// it has none.
    public var tool: ToolName? {
        switch self {
        case .text: .askText
        case .date: .askDate
        case .list: .choose
        case .custom: .pick
        case .actions: .confirm
        case .form: .askForm
        case .number: .askNumber
        // The asker moves a progress and the person only watches it: an
        // agent has nothing to ask with one.
        case .progress: nil
        // An agent has its own filesystem: it reads paths, it does not ask a person for one.
        case .file: nil
        }
    }

    /// The kind's options its tool takes as arguments, as pickerd names them:
    /// all but a text's `secure` (no tool asks for a secret) and a list's
    /// `values` (choose answers strings). `ask_form`
    /// takes a JSON Schema (`schema`) instead of a form's fields.
    var toolOptionNames: [String] {
        switch self {
        case .text: TextOption.allCases.filter { $0 != .secure }.map(\.rawValue)
        case .list: ListOption.allCases.filter { $0 != .values }.map(\.rawValue)
        case .date, .custom, .actions, .number: optionNames
        case .form, .progress, .file: []
        }
    }
}

/// The names of the tools' arguments that are not a kind's options (those are
/// spelled by `PickerProtocol`'s option names).
public enum ToolArgument: String, MemberName, CaseIterable, Sendable {
    // every asking tool
    case title, message, level
    case timeoutS = "timeout_s"
    // ask_form
    case schema
    // approve
    case details
    // present and await
    case tool, arguments, window
}

/// Arguments a tool cannot take, and why, in one sentence for the agent.
public struct ToolInputError: Error, Equatable, Sendable {
    public var message: String

    public init(_ message: String) { self.message = message }

    /// A reader of one object of a tool's arguments whose mistakes read as
    /// `arguments.schema.properties.age: must be an object, not a string`.
    static func reader(_ object: JSONObject, at path: String = "") -> ObjectReader<ToolInputError> {
        ObjectReader(object, at: path) { problem in ToolInputError(sentence(for: problem)) }
    }

    static func sentence(for problem: JSONReadProblem) -> String {
        switch problem.kind {
        case .mistyped(let expected, let found):
            return "'\(problem.path)' must be \(expected), not \(found)"
        case .outOfRange(let range, let found, _):
            return "'\(problem.path)' must be an integer from \(range.lowerBound) to \(range.upperBound), not \(found)"
        case .missing:
            return "'\(problem.path)' is required"
        case .unknownKey(let known):
            return "there is no argument '\(problem.path)'; the arguments here are \(known.joined(separator: ", "))"
        }
    }
}
