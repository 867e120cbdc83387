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

    /// The exit status of an agent's command that cannot run (sysexits.h).
    public var exitStatus: Int32 {
        switch kind {
        case .usage: 64  // EX_USAGE
        case .permissionDenied: 77  // EX_NOPERM
        case .unavailable: 69  // EX_UNAVAILABLE
        case .internalError: 70  // EX_SOFTWARE
        }
    }
}
