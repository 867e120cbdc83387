import PickerCore
import PickerJSON
import PickerProtocol

extension RPCError {
    /// The protocol error for a model refusal.
    init(_ error: PickerError) {
        switch error {
        case .invalidParams(let message, let field):
            self = .invalidParams(message, field: field)
        case .noSuchWindow:
            self.init(.noSuchWindow, error.message)
        case .alreadyDismissed(let outcome):
            self.init(
                .alreadyDismissed, error.message,
                data: .object(JSONObject([WireName.outcome: outcome.json(revealingValue: false)])))
        case .unknownKind(let kind, let known):
            self.init(
                .unknownKind, error.message,
                data: .object(
                    JSONObject([WireName.kind: .string(kind), WireName.known: .array(known.map(JSON.string))])))
        case .limitReached(_, let limit):
            self = .limitReached(error.message, limit: limit)
        case .notTheAsker:
            self.init(.permissionDenied, error.message, data: ["needs": "owner"])
        }
    }

    /// -32006, naming the config key of the limit in `data.limit`.
    static func limitReached(_ message: String, limit: Limit) -> RPCError {
        RPCError(.limitReached, message, data: .object(JSONObject([WireName.limit: .string(limit.key)])))
    }

    static func permissionDenied(_ permission: Permission, peer: PeerCredentials) -> RPCError {
        RPCError(
            .permissionDenied,
            "permission denied: uid \(peer.uid) may not \(permission.rawValue); a rule in the daemon's config (permissions.rules) can allow it",
            data: ["needs": .string(permission.rawValue)])
    }
}
