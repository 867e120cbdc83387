import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Admitting connections, their quotas and write backlogs, and closing them.
extension DaemonCore {
    // MARK: connections

    /// A new connection's pipeline: who its peer is (read from the socket,
    /// or `peer` when given), its bytes cut into lines, then the connection.
    package func addConnectionHandlers(to pipeline: ChannelPipeline.SynchronousOperations, peer: PeerCredentials? = nil)
        throws
    {
        let id = connections.takeNextID()
        let limits = configuration.limits
        let idleTimeout =
            limits.idleTimeoutMilliseconds > 0 ? TimeAmount.milliseconds(Int64(limits.idleTimeoutMilliseconds)) : nil
        try pipeline.addHandler(PeerCredentialsHandler(given: peer))
        try pipeline.addHandler(
            LineFramingHandler(
                maxLineBytes: limits.maxLineBytes,
                partialLineTimeout: .milliseconds(Int64(limits.partialLineTimeoutMilliseconds))))
        try pipeline.addHandler(ConnectionHandler(id: id, core: self, idleTimeout: idleTimeout))
    }

    /// Counts a connection whose credentials arrived, or says why it may not
    /// stay (`ConnectionRegistry.admit`).
    func admit(_ connection: any Connection, peer: PeerCredentials) -> RPCError? {
        connections.admit(connection, peer: peer, limits: configuration.limits)
    }

    /// Whether the core keeps nothing for the connection (no window presented
    /// over it is open, nothing waits, nothing is subscribed): then it may be
    /// closed when idle.
    func holdsNothing(for connection: any Connection) -> Bool {
        model.openWindowCount(presentedOver: connection.id) == 0 && waiters.count(of: connection.id) == 0
            && subscriptions.count(of: connection.id) == 0
    }

    // MARK: backlogs

    /// Counts the connection's backlog, and closes it when `mayClose` and
    /// its user's is past `max_write_backlog_bytes` (`ConnectionRegistry.checkBacklog`).
    func checkBacklog(of connection: any Connection, mayClose: Bool) {
        connections.checkBacklog(of: connection, limit: configuration.limits.maxWriteBacklogBytes, mayClose: mayClose)
    }

    /// The connection caught up: its share leaves its user's backlog.
    func forgetBacklog(of connection: any Connection) {
        connections.forgetBacklog(of: connection)
    }

    func connectionClosed(_ connection: any Connection) {
        guard connections.remove(connection) else { return }
        loopProbe?.activity.closes += 1
        waiters.removeAll(of: connection.id)
        subscriptions.removeAll(of: connection.id)
        browseConnectionClosed(connection.id)
        if connection.fellBehind { connections.releaseFreeMemorySoon() }
        model.connectionClosed(connection.id)
        logger.debug("connection \(connection.id.rawValue) closed")
        afterChange()
    }

    func permissions(of connection: any Connection) -> Set<Permission> {
        connection.peer.map(policy.permissions(for:)) ?? []
    }
}
