import CPickerServer
import Logging
import NIOCore
import PickerCore
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Every admitted connection, by id and by user; what waits unread for each
/// user (its write backlog); and the per-user quotas with their refusals,
/// logged sparingly. Part of `DaemonCore`, on its event loop.
final class ConnectionRegistry {
    private let eventLoop: any EventLoop
    /// The core's, its level following reloads.
    var logger: Logger
    /// The daemon's own user and root: held to totals only, never per-user quotas.
    let quotaExempt: Set<UInt32>
    private(set) var all: [ConnectionID: any Connection] = [:]
    private var byUser: [UInt32: Set<ConnectionID>] = [:]
    /// Per user, what waits for its connections to read (`checkBacklog`).
    private var backlogByUser: [UInt32: Int] = [:]
    /// Each connection's share of its user's backlog, as last counted.
    private var countedBacklog: [ConnectionID: Int] = [:]
    private var memoryRelease: Scheduled<Void>?
    /// The core's, when measuring.
    var loopProbe: LoopProbe?
    /// When a refusal for each uid was last logged, so a flood logs little.
    private var refusalsLogged: [UInt32: NIODeadline] = [:]
    private var nextNumber: UInt64 = 1

    init(eventLoop: any EventLoop, daemonUID: UInt32, logger: Logger) {
        self.eventLoop = eventLoop
        self.logger = logger
        quotaExempt = [0, daemonUID]
    }

    var count: Int { all.count }

    subscript(id: ConnectionID) -> (any Connection)? { all[id] }

    /// The id for the next connection made.
    func takeNextID() -> ConnectionID {
        defer { nextNumber += 1 }
        return ConnectionID(nextNumber)
    }

    /// Counts a connection whose credentials arrived, or says why it may not
    /// stay: its user has `max_connections_per_user`, or the daemon is full.
    func admit(_ connection: any Connection, peer: PeerCredentials, limits: Limits) -> RPCError? {
        if let refusal = quota(limits).refusal(uid: peer.uid, ownCount: byUser[peer.uid]?.count ?? 0, total: all.count)
        {
            logRefusal(refusal, uid: peer.uid)
            return refusal
        }
        all[connection.id] = connection
        byUser[peer.uid, default: []].insert(connection.id)
        logger.debug("connection \(connection.id.rawValue) accepted from uid \(peer.uid) pid \(peer.pid)")
        return nil
    }

    private func quota(_ limits: Limits) -> Quota {
        Quota(
            perUser: limits.maxConnectionsPerUser, perUserLimit: .maxConnectionsPerUser,
            total: min(limits.maxConnections, Self.connectionsTheFileLimitAllows), totalLimit: .maxConnections,
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

    /// Forgets a connection that was admitted (whether it was), with its
    /// share of its user's backlog.
    func remove(_ connection: any Connection) -> Bool {
        guard all.removeValue(forKey: connection.id) != nil else { return false }
        if let uid = connection.peer?.uid {
            byUser[uid]?.remove(connection.id)
            if byUser[uid]?.isEmpty == true { byUser[uid] = nil }
        }
        forgetBacklog(of: connection)
        return true
    }

    /// Gives freed pages back to the system (a backlog that was dropped), at
    /// most once a second: it walks the whole heap.
    func releaseFreeMemorySoon() {
        guard memoryRelease == nil else { return }
        memoryRelease = eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
            memoryRelease = nil
            loopProbe?.activity.memoryReleases += 1
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

    // MARK: backlogs

    /// Counts what waits for the connection (written and not taken by the
    /// kernel, and batch answers not yet written) in its user's backlog, and
    /// when `mayClose`, closes it, dropping what it left unread, once that
    /// passes `limit` (`max_write_backlog_bytes`): the sum over the user's
    /// connections, or for the daemon's own user and root, the connection's
    /// own. Each connection's share is what was counted at its last write, so
    /// a check costs the same however many connections the user has.
    func checkBacklog(of connection: any Connection, limit: Int, mayClose: Bool) {
        guard let uid = connection.peer?.uid, !connection.isClosing else { return }
        let pending = connection.pendingBytes
        let total = backlogByUser[uid, default: 0] + pending - (countedBacklog[connection.id] ?? 0)
        backlogByUser[uid] = total
        countedBacklog[connection.id] = pending
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
        guard let uid = connection.peer?.uid, let counted = countedBacklog.removeValue(forKey: connection.id) else {
            return
        }
        let left = backlogByUser[uid, default: 0] - counted
        backlogByUser[uid] = left == 0 ? nil : left
    }
}
