import PickerProtocol

/// A connection to the daemon, as the model knows it: for owner-gone handling.
public struct ConnectionID: Sendable, Hashable {
    public let rawValue: UInt64

    public init(_ rawValue: UInt64) {
        self.rawValue = rawValue
    }
}

/// Who presented a window, and over which connection (none once restored from disk).
public struct Owner: Sendable, Hashable {
    public var peer: Peer
    public var connection: ConnectionID?

    public init(peer: Peer, connection: ConnectionID?) {
        self.peer = peer
        self.connection = connection
    }
}
