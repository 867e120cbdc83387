import PickerJSON
import PickerProtocol

/// What `tools/list` answers: each tool's name, description and input schema.
/// A kind's options are described by the kind's own schema as pickerd's
/// `plugins` gives it (`KindSchemas`), so the names, types and bounds are
/// pickerd's; the options a tool takes are PickerProtocol's names
/// (`BuiltInKind.toolOptionNames`), the same that `Question` accepts.
public enum ToolCatalog {
    /// The tools, each kind's options described by `described` (each built-in
    /// kind's options schema's `properties`, from pickerd); an option pickerd
    /// did not describe (it did not answer) is listed by its name alone.
    public static func tools(describedBy described: [BuiltInKind: JSONObject]?) -> [JSON] {
        ToolName.allCases.map { tool in
            [
                "name": .string(tool.rawValue), "title": .string(title(tool)),
                "description": .string(description(tool)),
                "inputSchema": inputSchema(tool, describedBy: described),
                "outputSchema": OutputSchemas.schema(tool),
            ]
        }
    }

    static func inputSchema(_ tool: ToolName, describedBy described: [BuiltInKind: JSONObject]?) -> JSON {
        var properties = JSONObject()
        var required: [String] = []
        if let kind = tool.kind {
            properties = common
            switch kind {
            case .form where tool == .approve:
                properties[ToolArgument.details] = [
                    "type": "string",
                    "description":
                        "what is to be approved, shown in full under the message: a diff, a command, a plan (scrollable; pickerd's max_message_bytes bounds message and details together)",
                ]
            case .form:
                properties[ToolArgument.schema] = formSchema
                required = [ToolArgument.schema.rawValue]
            case .text, .date, .custom, .actions, .list, .number:
                properties = properties + options(of: kind, describedBy: described?[kind])
            case .progress:
                break  // no tool has this kind (BuiltInKind.tool)
            case .file:
                break  // no tool asks for a file (`BuiltInKind.tool`)
            }
        }
        switch tool {
        case .present:
            properties[ToolArgument.tool] = [
                "enum": .array(ToolName.asking.map { .string($0.rawValue) }), "description": "the asking tool",
            ]
            properties[ToolArgument.arguments] = [
                "type": "object", "description": "that tool's arguments, as its inputSchema says",
            ]
            required = [ToolArgument.tool.rawValue]
        case .await:
            properties[ToolArgument.window] = [
                "type": "string",
                "description":
                    "the window id present returned in this session, like w12-k3f9q7x2m4p8hd0e; no other window's",
            ]
            properties[ToolArgument.timeoutS] = [
                "type": "number", "exclusiveMinimum": 0,
                "description":
                    "return after this many seconds with the error 'still waiting' (the window stays; await again); default: wait until it ends",
            ]
            required = [ToolArgument.window.rawValue]
        case .askText, .askDate, .askNumber, .choose, .pick, .confirm, .askForm, .approve:
            break
        }
        var schema = JSONObject(["type": "object", "properties": .object(properties)])
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        schema["additionalProperties"] = false
        return .object(schema)
    }

    /// What every asking tool takes.
    static var common: JSONObject {
        JSONObject([
            ToolArgument.title: ["type": "string", "description": "the window's title: the question, short"],
            .message: ["type": "string", "description": "a longer text shown under the title"],
            .level: [
                "type": ["string", "integer"],
                "description":
                    "how far up the window is stacked: normal (default) or statusBar, a level pickerd's config names, or an integer; a level above statusBar is lowered to it unless the server was started with a higher --max-level",
            ],
            .timeoutS: [
                "type": "number", "exclusiveMinimum": 0,
                "description":
                    "end the window after this many seconds without an answer (the call then returns an error saying so)",
            ],
        ])
    }

    /// The options `kind`'s tool takes, each described as pickerd's schema
    /// for the kind describes it, else by its name alone.
    static func options(of kind: BuiltInKind, describedBy described: JSONObject?) -> JSONObject {
        JSONObject(
            kind.toolOptionNames.map { name in
                (
                    name,
                    described?[name] ?? ["description": .string("pickerd's \(kind) option \(name) (\(undescribed))")]
                )
            })
    }

    /// Why an option is listed by its name alone.
    static let undescribed =
        "pickerd did not answer when the tools were listed, so its type is not given here; pickerd checks it when asked"

    static let formSchema: JSON = [
        "type": "object",
        "description":
            "a flat JSON Schema object, as MCP elicitation's requestedSchema: {\"type\": \"object\", \"properties\": {…}, \"required\": […]}",
        "properties": [
            "type": ["const": "object"],
            "properties": [
                "type": "object",
                "description":
                    "the fields, in order; each of type string (minLength, maxLength, pattern, format email, uri, date or date-time), number or integer (minimum, maximum), boolean, or an enum (enum with enumNames, or oneOf of {const, title}), or an array of such an enum (minItems, maxItems) for several choices; title labels it, description explains it, default starts it",
                "additionalProperties": ["type": "object"],
            ],
            "required": [
                "type": "array", "items": ["type": "string"], "description": "the fields that must be filled in",
            ],
        ],
        "required": ["properties"],
    ]

    static func title(_ tool: ToolName) -> String {
        switch tool {
        case .askText: return "Ask for text"
        case .askDate: return "Ask for a date or time"
        case .askNumber: return "Ask for a number on a scale"
        case .choose: return "Ask to choose from a list"
        case .pick: return "Ask to pick from columns or a tree"
        case .confirm: return "Ask to choose an action"
        case .askForm: return "Ask to fill in a form"
        case .approve: return "Ask to approve or reject"
        case .present: return "Show a question without waiting"
        case .await: return "Wait for a shown question's answer"
        }
    }

    static func description(_ tool: ToolName) -> String {
        let waits =
            "Shows a pickerd window to the person and waits until they answer; a cancel, a dismissal or a timeout is an error result saying so."
        switch tool {
        case .askText:
            return
                "Ask the person to type a line of text (or several with multiline). \(waits) Returns {value: the text, window}. pattern must match the whole text. Never for passwords or other secrets."
        case .askDate:
            return
                "Ask the person for a date, a time of day, or both (mode date, time, datetime). \(waits) Returns {value: \"YYYY-MM-DD\", \"HH:MM\" or RFC 3339 with offset, window}."
        case .askNumber:
            return
                "Ask the person for a number from min to max in steps of step (default 1), on a slider, as zenity --scale; unit is a short label shown after it. \(waits) Returns {value: the number, on the grid min + k·step, window}."
        case .choose:
            return
                "Ask the person to choose one of a list of choices, or several with multiple (a checklist; min and max bound how many): pickerd's list kind, as pickerctl choose asks. \(waits) Returns {value: [the chosen strings, in list order; exactly one without multiple], window}. For one row in each of several columns or down a tree, use pick."
        case .pick:
            return
                "Ask the person to pick one row in each of one or more wheels: independent columns ([[\"prod\",\"staging\"],[\"us\",\"eu\"]]) or a dependent tree ({\"Europe\": {\"France\": [\"Paris\", \"Lyon\"]}}: each key's rows hang under it, arrays are the last wheel): pickerd's custom kind, as pickerctl custom asks. \(waits) Returns {value: [one string per wheel], window}. For one list of choices, use choose."
        case .confirm:
            return
                "Ask the person to choose one of a few actions (an action sheet): actions [{label, role}], role default, destructive or cancel (one at most); without actions, Yes and No (cancel). \(waits) Returns {value: {label, role, index}, window}; choosing the cancel-role action is an answer with role cancel."
        case .askForm:
            return
                "Ask the person to fill in a form described by schema, a flat JSON Schema object as in MCP elicitation. \(waits) Returns {value: {property: its value in the property's JSON type; optional fields left empty are absent}, window}."
        case .approve:
            return
                "Ask the person to approve or reject what you are about to do: title says what, message why, details shows it in full (a diff, a command, a plan). The person may give a reason either way. Shows a pickerd window and waits; a rejection is a normal result, not an error: read its reason. A cancel, a dismissal or a timeout is an error result saying so. Returns {approved: true or false, reason?: what the person wrote, answered_by: {uid, user}, window}."
        case .present:
            return
                "Show a question without waiting for its answer, for waits longer than one tool call may last: tool is \(ToolName.asking.map(\.rawValue).joined(separator: ", ")), arguments that tool's arguments. Returns {window, tool} at once; call await with the window for the answer."
        case .await:
            return
                "Wait for the answer to a question shown with present in this session, by its window id (no other window's). Returns what the asking tool would have returned, or an error result if it was cancelled, dismissed or timed out. With timeout_s it gives up waiting after that long with the error 'still waiting' and the window stays open: call await again."
        }
    }
}

extension JSONObject {
    /// These members, then `other`'s.
    static func + (lhs: JSONObject, rhs: JSONObject) -> JSONObject {
        JSONObject(lhs.members.map { ($0.key, $0.value) } + rhs.members.map { ($0.key, $0.value) })
    }
}
