import PickerJSON

/// The tools the server offers, as MCP names them.
public enum ToolName: String, CaseIterable, Sendable {
    case askText = "ask_text"
    case askDate = "ask_date"
    case choose
    case confirm
    case askForm = "ask_form"
    case present
    case `await`

    /// The tools that ask a question (and that `present` takes).
    public static let asking: [ToolName] = [.askText, .askDate, .choose, .confirm, .askForm]
}

/// The names of the tools' arguments that are not a kind's options (those are
/// spelled by `PickerProtocol`'s option names).
public enum ToolArgument: String, MemberName, CaseIterable, Sendable {
    // every asking tool
    case title, message, level
    case timeoutS = "timeout_s"
    // ask_form
    case schema
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
