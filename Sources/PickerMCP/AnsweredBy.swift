import PickerJSON
import PickerProtocol
import PickerSystem

/// Who answered a question, for the agent: `{uid, user?}`, the uid pickerd
/// saw on the answering connection (`Outcome.by`, which the kernel vouches
/// for) and its name in the user database. Nothing else of the answerer
/// (no pid, no process, no front-end) reaches the agent: who answered is
/// the audit trail's (`pickerctl history`), the agent needs only whose
/// answer it is.
struct AnsweredBy: Sendable, Equatable {
    var uid: UInt32
    var user: String?

    init(uid: UInt32, user: String?) {
        self.uid = uid
        self.user = user
    }

    /// From an outcome's `by`; nil when nobody answered (a timeout's default).
    init?(_ peer: Peer?) {
        guard let peer else { return nil }
        self.init(uid: peer.uid, user: peer.user ?? ProcessNames.userName(peer.uid))
    }

    enum Member: String, MemberName {
        case uid, user
    }

    var json: JSON {
        var object = JSONObject([Member.uid: .integer(Int64(uid))])
        if let user { object[Member.user] = .string(user) }
        return .object(object)
    }

    /// The output schema's `answered_by`.
    static let schema: JSON = [
        "type": "object",
        "description": "who answered: the uid pickerd saw on the answering connection, and its user name",
        "properties": ["uid": ["type": "integer", "minimum": 0], "user": ["type": "string"]],
        "required": ["uid"],
    ]
}
