import PickerJSON
import PickerProtocol

/// Each tool's `outputSchema`: what its `structuredContent` is, so an agent
/// (and a host that checks it) can rely on the shape. An answer is
/// `{value, window, answered_by}` (`approve`: `{approved, reason?, window,
/// answered_by}`; `present`: `{window, tool}`), and a result with `isError`
/// is `{error, window?, reason?}`; the schema allows either (`anyOf`), as a
/// host may check both.
enum OutputSchemas {
    static func schema(_ tool: ToolName) -> JSON {
        let answers: [JSON]
        switch tool {
        case .present: answers = [presented]
        case .await: answers = ToolName.asking.map(answer)
        case .askText, .askDate, .askNumber, .choose, .pick, .confirm, .askForm, .approve: answers = [answer(tool)]
        }
        return ["type": "object", "anyOf": .array(answers + [failure])]
    }

    static func answer(_ tool: ToolName) -> JSON {
        let window: JSON = ["type": "string", "description": "the window that was answered"]
        guard tool != .approve else {
            return [
                "type": "object",
                "properties": [
                    "approved": ["type": "boolean"],
                    "reason": [
                        "type": "string", "description": "what the person wrote, either way; absent if nothing",
                    ],
                    "window": window, "answered_by": AnsweredBy.schema,
                ],
                "required": ["approved", "window"],
            ]
        }
        return [
            "type": "object",
            "properties": ["value": value(tool), "window": window, "answered_by": AnsweredBy.schema],
            "required": ["value", "window"],
        ]
    }

    /// The `value` of an asking tool's answer.
    static func value(_ tool: ToolName) -> JSON {
        let strings: JSON = ["type": "array", "items": ["type": "string"]]
        switch tool {
        case .askText: return ["type": "string"]
        case .askDate: return ["type": "string", "description": "YYYY-MM-DD, HH:MM or RFC 3339 with offset"]
        case .askNumber: return ["type": "number"]
        case .choose: return strings
        case .pick: return strings
        case .confirm:
            return [
                "type": "object",
                "properties": [
                    "label": ["type": "string"], "role": ["enum": ["default", "destructive", "cancel"]],
                    "index": ["type": "integer", "minimum": 0],
                ],
                "required": ["label", "role", "index"],
            ]
        case .askForm:
            return ["type": "object", "description": "the schema's properties the person set, in their JSON types"]
        case .approve, .present, .await: return [:]
        }
    }

    static let presented: JSON = [
        "type": "object",
        "properties": [
            "window": ["type": "string", "description": "the window to await"],
            "tool": ["enum": .array(ToolName.asking.map { .string($0.rawValue) })],
        ],
        "required": ["window", "tool"],
    ]

    static let failure: JSON = [
        "type": "object",
        "properties": [
            "error": ["type": "string", "description": "why there is no answer, in one sentence"],
            "window": ["type": "string"],
            "reason": ["enum": ["cancelled", "dismissed", "timeout", "owner_gone", "shutdown"]],
        ],
        "required": ["error"],
    ]
}
