import PickerJSON

/// Who did something: the process on the other end of a connection.
public struct Peer: Sendable, Hashable {
    public var uid: UInt32
    public var pid: Int32

    public init(uid: UInt32, pid: Int32) {
        self.uid = uid
        self.pid = pid
    }

    public var json: JSON {
        ["uid": .integer(Int64(uid)), "pid": .integer(Int64(pid))]
    }
}

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

/// What happens to a window when the connection that presented it closes.
public enum DisconnectPolicy: String, Sendable, Hashable {
    case keep
    case dismiss
}
