import CPickerServer
#if canImport(Glibc)
import Glibc
#endif
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
    package func addConnectionHandlers(to pipeline: ChannelPipeline.SynchronousOperations, peer: PeerCredentials? = nil) throws {
        defer { nextConnectionNumber += 1 }
        let limits = configuration.limits
        let idleTimeout = limits.idleTimeoutMilliseconds > 0 ? TimeAmount.milliseconds(Int64(limits.idleTimeoutMilliseconds)) : nil
        try pipeline.addHandler(PeerCredentialsHandler(given: peer))
        try pipeline.addHandler(
            LineFramingHandler(
                maxLineBytes: limits.maxLineBytes,
                partialLineTimeout: .milliseconds(Int64(limits.partialLineTimeoutMilliseconds))))
        try pipeline.addHandler(ConnectionHandler(id: ConnectionID(nextConnectionNumber), core: self, idleTimeout: idleTimeout))
    }

    /// Counts a connection whose credentials arrived, or says why it may not
    /// stay: its user has `max_connections_per_user`, or the daemon is full.
    func admit(_ connection: any Connection, peer: PeerCredentials) -> RPCError? {
        if let refusal = connectionQuota.refusal(
            uid: peer.uid, ownCount: connectionsByUser[peer.uid]?.count ?? 0, total: connections.count)
        {
            logRefusal(refusal, uid: peer.uid)
            return refusal
        }
        connections[connection.id] = connection
        connectionsByUser[peer.uid, default: []].insert(connection.id)
        logger.debug("connection \(connection.id.rawValue) accepted from uid \(peer.uid) pid \(peer.pid)")
        return nil
    }

    var connectionQuota: Quota {
        Quota(
            perUser: configuration.limits.maxConnectionsPerUser, perUserLimit: .maxConnectionsPerUser,
            total: min(configuration.limits.maxConnections, Self.connectionsTheFileLimitAllows), totalLimit: .maxConnections,
            noun: "connections", exempt: quotaExempt)
    }

    /// Connections the limit on open files leaves room for, beside the
    /// daemon's own descriptors (listening socket, epoll, state files, plugin
    /// pipes). Read at start; pickerd raises its soft limit to the hard one.
    static let connectionsTheFileLimitAllows: Int = {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur != ~rlim_t(0) else {
            return Int.max
        }
        return max(1, Int(clamping: limit.rlim_cur) - 64)
    }()

    /// Gives freed pages back to the system (a backlog that was dropped), at
    /// most once a second: it walks the whole heap.
    func releaseFreeMemorySoon() {
        guard memoryRelease == nil else { return }
        memoryRelease = eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
            memoryRelease = nil
            picker_release_free_memory()
        }
    }

    /// Logs a quota refusal at notice, at most once a minute per uid.
    func logRefusal(_ refusal: RPCError, uid: UInt32) {
        let now = NIODeadline.now()
        if let last = refusalsLogged[uid], now - last < .seconds(60) { return }
        if refusalsLogged.count > 1000 { refusalsLogged = [:] }
        refusalsLogged[uid] = now
        logger.notice("refused uid \(uid): \(refusal.message) (logged once a minute per user)")
    }

    /// Whether the core keeps nothing for the connection (no window presented
    /// over it is open, nothing waits, nothing is subscribed): then it may be
    /// closed when idle.
    func holdsNothing(for connection: any Connection) -> Bool {
        model.openWindowCount(presentedOver: connection.id) == 0 && waiters.count(of: connection.id) == 0
            && subscriptions.count(of: connection.id) == 0
    }

    // MARK: backlogs

    /// Counts what waits for the connection (written and not taken by the
    /// kernel, and batch answers not yet written) in its user's backlog, and
    /// when `mayClose`, closes it, dropping what it left unread, once that
    /// passes `max_write_backlog_bytes`: the sum over the user's connections,
    /// or for the daemon's own user and root, the connection's own. Each
    /// connection's share is what was counted at its last write, so a check
    /// costs the same however many connections the user has.
    func checkBacklog(of connection: any Connection, mayClose: Bool) {
        guard let uid = connection.peer?.uid, !connection.isClosing else { return }
        let pending = connection.pendingBytes
        let total = backlogByUser[uid, default: 0] + pending - (countedBacklog[connection.id] ?? 0)
        backlogByUser[uid] = total
        countedBacklog[connection.id] = pending
        let limit = configuration.limits.maxWriteBacklogBytes
        let backlog = quotaExempt.contains(uid) ? pending : total
        guard mayClose, backlog > limit else { return }
        logger.notice(
            "connection \(connection.id.rawValue) of uid \(uid) closed: \(backlog) bytes of answers and events wait unread, more than limits.max_write_backlog_bytes (\(limit))"
        )
        connection.abandon()
        forgetBacklog(of: connection)
    }

    /// The connection caught up, or is gone: its share leaves its user's backlog.
    func forgetBacklog(of connection: any Connection) {
        guard let uid = connection.peer?.uid, let counted = countedBacklog.removeValue(forKey: connection.id) else { return }
        let left = backlogByUser[uid, default: 0] - counted
        backlogByUser[uid] = left == 0 ? nil : left
    }

    func connectionClosed(_ connection: any Connection) {
        guard connections.removeValue(forKey: connection.id) != nil else { return }
        if let uid = connection.peer?.uid {
            connectionsByUser[uid]?.remove(connection.id)
            if connectionsByUser[uid]?.isEmpty == true { connectionsByUser[uid] = nil }
        }
        forgetBacklog(of: connection)
        waiters.removeAll(of: connection.id)
        subscriptions.removeAll(of: connection.id)
        if connection.fellBehind { releaseFreeMemorySoon() }
        model.connectionClosed(connection.id)
        logger.debug("connection \(connection.id.rawValue) closed")
        afterChange()
    }

    func permissions(of connection: any Connection) -> Set<Permission> {
        connection.peer.map(policy.permissions(for:)) ?? []
    }
}
