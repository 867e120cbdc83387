import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Waiters and subscriptions, as the methods add and remove them.
extension DaemonCore {
    func subscriptionsAdd(connection: ConnectionID, uid: UInt32, kinds: Set<PickerEvent.Kind>, windows: Set<WindowID>) -> String {
        subscriptions.add(connection: connection, uid: uid, kinds: kinds, windows: windows, firstSequence: model.nextSequence)
    }

    func subscriptionsRemove(_ id: String, of connection: ConnectionID) -> Bool {
        subscriptions.remove(id, of: connection)
    }

    // MARK: waiting

    /// Refuses one more waiter past `max_waiters_per_connection`, or for a
    /// user other than the daemon's own and root, past `max_waiters_per_user`.
    func checkWaiterQuota(_ connection: any Connection, uid: UInt32) throws(RPCError) {
        let limits = configuration.limits
        guard waiters.count(of: connection.id) < limits.maxWaitersPerConnection else {
            throw .limitReached(
                "this connection already waits on \(limits.maxWaitersPerConnection) windows, its limit (limits.max_waiters_per_connection)", limit: .maxWaitersPerConnection)
        }
        let quota = Quota(
            perUser: limits.maxWaitersPerUser, perUserLimit: .maxWaitersPerUser, total: nil, totalLimit: nil, noun: "waiting requests",
            exempt: quotaExempt)
        if let refusal = quota.refusal(uid: uid, ownCount: waiters.count(ownedBy: uid), total: waiters.count) {
            logRefusal(refusal, uid: uid)
            throw refusal
        }
    }

    /// Answers `reply` with the window's outcome when it is dismissed, or with
    /// -32003 after `timeout`.
    func addWaiter(for window: WindowID, reply: ResponseSink, uid: UInt32, timeout: TimeAmount?) {
        let token = waiters.add(window: window, reply: reply, uid: uid)
        guard let timeout else { return }
        let task = eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
            if let expired = waiters.remove(token: token) {
                expired.reply.deliver(
                    .failure(
                        RPCError(
                            .waitTimedOut,
                            "wait timed out after \(timeout.nanoseconds / 1_000_000) ms; window \(window) is still open")))
            }
        }
        waiters.setTimeout(task, token: token)
    }
}
