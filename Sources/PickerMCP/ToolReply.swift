import PickerJSON
import PickerProtocol

/// A tool call's result: MCP's `CallToolResult`. An answer is `structuredContent`
/// `{value, window}` with the same JSON as its text; anything else (a cancel, a
/// dismissal, a timeout, arguments or a pickerd that cannot ask) is
/// `isError: true` with one sentence, so the agent reads why and goes on.
public struct ToolReply: Sendable, Equatable {
    public var isError: Bool
    public var text: String
    public var structured: JSONObject?

    public init(isError: Bool, text: String, structured: JSONObject?) {
        self.isError = isError
        self.text = text
        self.structured = structured
    }

    /// Member names of the structured content.
    enum Member: String, MemberName {
        case value, window, tool, reason, error
        case answeredBy = "answered_by"
    }

    /// `{value, window, answered_by?}`; `approve`'s answer is its own members
    /// (`{approved, reason?}`) in place of `value`.
    static func answer(_ value: JSON, window: WindowID, answeredBy: AnsweredBy? = nil, inPlaceOfValue: Bool = false)
        -> ToolReply
    {
        var structured =
            inPlaceOfValue ? value.objectValue ?? JSONObject() : JSONObject([Member.value: value])
        structured[Member.window] = .string(window.rawValue)
        if let answeredBy { structured[Member.answeredBy] = answeredBy.json }
        return ToolReply(isError: false, text: JSON.object(structured).serialized(), structured: structured)
    }

    /// `sentence` as the text, and as `error` beside the window and how it ended, when known.
    static func failure(_ sentence: String, window: WindowID? = nil, reason: OutcomeReason? = nil) -> ToolReply {
        var structured = JSONObject([Member.error: .string(sentence)])
        if let window { structured[Member.window] = .string(window.rawValue) }
        if let reason { structured[Member.reason] = .string(reason.rawValue) }
        return ToolReply(isError: true, text: sentence, structured: structured)
    }

    /// The `CallToolResult` object.
    public var json: JSON {
        var result = JSONObject(["content": [["type": "text", "text": .string(text)]]])
        if let structured { result["structuredContent"] = .object(structured) }
        if isError { result["isError"] = true }
        return .object(result)
    }

    /// Why a window ended without an answer, in one sentence.
    static func sentence(for reason: OutcomeReason, name: String, timeoutMilliseconds: Int64?) -> String {
        switch reason {
        case .cancelled: return "the person cancelled \(name)"
        case .dismissed: return "\(name) was dismissed without an answer"
        case .timeout:
            return "nobody answered \(name)" + (timeoutMilliseconds.map { " within \(seconds($0))" } ?? " in time")
        case .ownerGone: return "\(name) ended because its asker's connection to pickerd went away"
        case .shutdown: return "pickerd shut down before \(name) was answered"
        case .submitted: return "\(name) was answered"
        }
    }

    /// 1000 → "1 s", 1500 → "1.5 s".
    static func seconds(_ milliseconds: Int64) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(Double(milliseconds) / 1000) s"
    }
}
