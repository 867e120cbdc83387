/// The protocol's error codes (PROTOCOL.md, "Error codes").
public enum RPCErrorCode: Int64, Sendable, Hashable {
    case parseError = -32700
    case invalidRequest = -32600
    case methodNotFound = -32601
    case invalidParams = -32602
    case internalError = -32603
    case lineTooLong = -32001
    case permissionDenied = -32002
    case waitTimedOut = -32003
    case noSuchWindow = -32004
    case alreadyDismissed = -32005
    case limitReached = -32006
    case unknownKind = -32007
    /// `browse` cannot be answered: the window's owner does not list (or left,
    /// or did not answer in time). Front-ends let the person type a path.
    case browseUnavailable = -32008
}
