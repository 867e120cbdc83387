import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Everything a pickerd client call can fail with.
public enum PickerClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No daemon answers at the socket (missing, refused).
    case unreachable(socket: String, reason: String)
    /// The socket exists but this user may not open it.
    case socketPermissionDenied(socket: String)
    /// What listens on the socket runs as a user this client does not trust
    /// (see `ServerTrust`); nothing was sent to it.
    case untrustedServer(socket: String, uid: UInt32)
    /// The daemon answered with a protocol error.
    case rpc(RPCError)
    /// The connection ended before an answer came.
    case disconnected(reason: String)
    /// The calling task was cancelled: the call returned at once, without its
    /// answer, and its request was withdrawn (never sent, or the window it
    /// presented dismissed). What `CancellationError` says elsewhere, within
    /// this type's typed throws.
    case cancelled
    /// The daemon sent something that is not protocol v1.
    case protocolViolation(String)
    /// The connection ended while waiting on `window`, and pickerd did not
    /// come back within `seconds` (`outcomeSurvivingRestarts`).
    case daemonGone(window: WindowID, seconds: Int)
    /// `--host` or `$PICKERD_HOST` is not an address a client may use
    /// (`DaemonAddress`); nothing was run.
    case invalidHost(String, reason: String)
    /// pickerd came back without `window`: it restarted without keeping its
    /// windows (memory state), so the window's answer is lost.
    case windowLost(WindowID)

    /// The protocol error code, when the daemon sent one.
    public var code: RPCErrorCode? {
        if case .rpc(let error) = self { return error.code }
        return nil
    }

    public var description: String {
        switch self {
        case .unreachable(let socket, let reason):
            return "cannot reach pickerd at \(socket) (\(reason)); is it running? Start it with: pickerd"
        case .socketPermissionDenied(let socket):
            return "permission denied opening \(socket); it belongs to another user"
        case .untrustedServer(let socket, let uid):
            return
                "pickerd at \(socket) runs as uid \(uid), which is neither you (uid \(geteuid())) nor root, so another user may have put it there; nothing was sent to it (if you trust uid \(uid), set PICKERD_TRUST_UID=\(uid))"
        case .rpc(let error):
            return error.message
        case .disconnected(let reason):
            return "the connection to pickerd ended: \(reason)"
        case .cancelled:
            return "the call was cancelled"
        case .protocolViolation(let what):
            return "pickerd sent something unexpected: \(what)"
        case .daemonGone(let window, let seconds):
            return
                "pickerd went away and did not come back within \(seconds)s; window \(window) keeps its place in its state, so once pickerd is back, wait on it again to get its answer"
        case .invalidHost(let text, let reason):
            return
                "\(text) is not a daemon's address (\(reason)); give local, a socket path or ssh://[USER@]HOST[:PORT][/SOCKET]"
        case .windowLost(let window):
            return "pickerd restarted without window \(window) (its state is not kept on disk), so its answer is lost"
        }
    }
}
