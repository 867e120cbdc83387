import PickerJSON
import PickerProtocol

/// `approve`: the person approves or rejects what the agent is about to do,
/// and may say why either way. It is a `form` of two built-in kinds, so every
/// front-end that draws a form draws it (no kind of its own): the decision, a
/// `list` of Approve and Reject that starts unset (nothing is approved by a
/// person who only pressed Enter), and an optional `text` reason. The
/// `details` (a diff, a command, a plan) follow the message in full, where
/// the terminal and the page scroll a long message and show control and
/// bidi characters as visible marks.
///
/// A rejection is an answer like an approval (`{approved: false, reason}`),
/// not an error: the agent reads the reason and goes on.
enum Approval {
    static let approve = "Approve"
    static let reject = "Reject"

    /// The form's field names, which a script answering it uses too:
    /// `pickerctl submit --json '{"decision": ["Reject"], "reason": "not on Friday"}'`.
    enum Field: String, MemberName {
        case decision, reason
    }

    /// Member names of the result.
    enum Member: String, MemberName {
        case approved, reason
    }

    static var formOptions: JSONObject {
        let decision = JSONObject([
            FormFieldOption.name: .string(Field.decision.rawValue), .kind: .string(BuiltInKind.list.name),
            .label: "Decision", .required: true,
            .options: .object(JSONObject([ListOption.choices: [.string(approve), .string(reject)]])),
        ])
        let reason = JSONObject([
            FormFieldOption.name: .string(Field.reason.rawValue), .kind: .string(BuiltInKind.text.name),
            .label: "Reason", .required: false,
            .options: .object(
                JSONObject([TextOption.placeholder: "optional, either way: the agent reads it", .multiline: true])),
        ])
        return JSONObject([FormOption.fields: [.object(decision), .object(reason)]])
    }

    /// The message: the agent's, then the details in full after a blank line.
    static func message(_ message: String?, details: String?) -> String? {
        let parts = [message, details].compactMap { $0 }.filter { !$0.isEmpty }
        return parts.isEmpty ? nil : parts.joined(separator: "\n\n")
    }

    /// `{approved, reason?}` from the form's value; a reason left empty is absent.
    static func read(_ value: JSON) -> FormReading {
        guard let decision = value[Field.decision]?.arrayValue?.first?.stringValue,
            decision == approve || decision == reject
        else { return .problems(["“Decision” must be \(approve) or \(reject)"]) }
        var result = JSONObject([Member.approved: .bool(decision == approve)])
        if let reason = value[Field.reason]?.stringValue, !reason.allSatisfy(\.isWhitespace) {
            result[Member.reason] = .string(reason)
        }
        return .value(.object(result))
    }
}
