/// The `limits` section of the config: what one line, connection or user may
/// take of the daemon. `Limit` is the one table of their keys, ranges and
/// defaults, from which the config reader, `hello` and the docs' test work.
public struct Limits: Sendable, Equatable {
    public var maxLineBytes = 1 << 20
    public var partialLineTimeoutMilliseconds = 10_000
    public var maxDepth = 64
    public var maxEventQueue = 10_000
    public var maxBatch = 1000
    /// Bytes waiting to be written to one user's connections together (to one
    /// connection, for the daemon's own user and root); past it the connection
    /// that adds more is closed.
    public var maxWriteBacklogBytes = 16 << 20
    /// A connection that holds no window, waiter or subscription is closed after
    /// this long without a request; 0: never.
    public var idleTimeoutMilliseconds = 300_000

    public var maxWindows = 100_000
    public var maxWindowsPerConnection = 10_000
    public var maxWindowsPerUser = 1000
    public var maxConnections = 65_536
    public var maxConnectionsPerUser = 128
    public var maxSubscriptionsPerConnection = 64
    public var maxSubscriptionsPerUser = 256
    public var maxWaitersPerConnection = 10_000
    public var maxWaitersPerUser = 10_000
    public var maxOutcomesPerUser = 1000

    public var maxTitleBytes = 1024
    public var maxMessageBytes = 16_384
    public var maxTagBytes = 256

    public init() {}

    public subscript(limit: Limit) -> Int {
        get { self[keyPath: limit.keyPath] }
        set { self[keyPath: limit.keyPath] = newValue }
    }
}

/// One key of the `limits` section.
public enum Limit: String, CaseIterable, Sendable {
    case maxLineBytes = "max_line_bytes"
    case partialLineTimeoutMilliseconds = "partial_line_timeout_ms"
    case maxDepth = "max_depth"
    case maxEventQueue = "max_event_queue"
    case maxBatch = "max_batch"
    case maxWriteBacklogBytes = "max_write_backlog_bytes"
    case idleTimeoutMilliseconds = "idle_timeout_ms"
    case maxWindows = "max_windows"
    case maxWindowsPerConnection = "max_windows_per_connection"
    case maxWindowsPerUser = "max_windows_per_user"
    case maxConnections = "max_connections"
    case maxConnectionsPerUser = "max_connections_per_user"
    case maxSubscriptionsPerConnection = "max_subscriptions_per_connection"
    case maxSubscriptionsPerUser = "max_subscriptions_per_user"
    case maxWaitersPerConnection = "max_waiters_per_connection"
    case maxWaitersPerUser = "max_waiters_per_user"
    case maxOutcomesPerUser = "max_outcomes_per_user"
    case maxTitleBytes = "max_title_bytes"
    case maxMessageBytes = "max_message_bytes"
    case maxTagBytes = "max_tag_bytes"

    /// The config key, as `data.limit` of a -32006 names it.
    public var key: String { rawValue }

    public var range: ClosedRange<Int> {
        switch self {
        case .maxLineBytes: 64...(256 << 20)
        case .partialLineTimeoutMilliseconds: 1...3_600_000
        case .maxDepth: 2...10_000
        case .maxEventQueue: 1...10_000_000
        case .maxBatch: 1...1_000_000
        case .maxWriteBacklogBytes: (64 << 10)...(1 << 34)
        case .idleTimeoutMilliseconds: 0...(Int(Int32.max) * 1000)
        case .maxWindows, .maxWindowsPerConnection, .maxWindowsPerUser: 1...10_000_000
        case .maxConnections, .maxConnectionsPerUser: 1...1_000_000
        case .maxSubscriptionsPerConnection, .maxSubscriptionsPerUser: 1...100_000
        case .maxWaitersPerConnection, .maxWaitersPerUser: 1...10_000_000
        case .maxOutcomesPerUser: 1...10_000_000
        case .maxTitleBytes, .maxMessageBytes, .maxTagBytes: 1...(16 << 20)
        }
    }

    var keyPath: WritableKeyPath<Limits, Int> {
        switch self {
        case .maxLineBytes: \.maxLineBytes
        case .partialLineTimeoutMilliseconds: \.partialLineTimeoutMilliseconds
        case .maxDepth: \.maxDepth
        case .maxEventQueue: \.maxEventQueue
        case .maxBatch: \.maxBatch
        case .maxWriteBacklogBytes: \.maxWriteBacklogBytes
        case .idleTimeoutMilliseconds: \.idleTimeoutMilliseconds
        case .maxWindows: \.maxWindows
        case .maxWindowsPerConnection: \.maxWindowsPerConnection
        case .maxWindowsPerUser: \.maxWindowsPerUser
        case .maxConnections: \.maxConnections
        case .maxConnectionsPerUser: \.maxConnectionsPerUser
        case .maxSubscriptionsPerConnection: \.maxSubscriptionsPerConnection
        case .maxSubscriptionsPerUser: \.maxSubscriptionsPerUser
        case .maxWaitersPerConnection: \.maxWaitersPerConnection
        case .maxWaitersPerUser: \.maxWaitersPerUser
        case .maxOutcomesPerUser: \.maxOutcomesPerUser
        case .maxTitleBytes: \.maxTitleBytes
        case .maxMessageBytes: \.maxMessageBytes
        case .maxTagBytes: \.maxTagBytes
        }
    }
}
