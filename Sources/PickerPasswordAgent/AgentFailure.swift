/// Why the agent cannot run, as one sentence and a kind the command turns
/// into an exit status.
public struct AgentFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        case usage
        case permissionDenied
        case unavailable
        case internalError
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
