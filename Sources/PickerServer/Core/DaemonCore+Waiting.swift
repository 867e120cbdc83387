import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Waiters and subscriptions, as the methods add and remove them.
extension DaemonCore {
    func subscriptionsAdd(connection: ConnectionID, uid: UInt32, kinds: Set<PickerEvent.Kind>, windows: Set<WindowID>)
        -> String
    {
        subscriptions.add(
            connection: connection, uid: uid, kinds: kinds, windows: windows, firstSequence: model.nextSequence)
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
                "this connection already waits on \(limits.maxWaitersPerConnection) windows, its limit (limits.max_waiters_per_connection)",
                limit: .maxWaitersPerConnection)
        }
        let quota = Quota(
            perUser: limits.maxWaitersPerUser, perUserLimit: .maxWaitersPerUser, total: nil, totalLimit: nil,
            noun: "waiting requests",
            exempt: connections.quotaExempt)
        if let refusal = quota.refusal(uid: uid, ownCount: waiters.count(ownedBy: uid), total: waiters.count) {
            connections.logRefusal(refusal, uid: uid)
            throw refusal
        }
    }

    /// Answers `reply` with the window's outcome when it is dismissed, or with
    /// -32003 after `timeout`.
    func addWaiter(for window: WindowID, reply: ResponseSink, uid: UInt32, timeout: TimeAmount?) {
        let limit = timeout.map {
            WaiterRegistry.Timeout(at: eventLoop.now + $0, milliseconds: $0.nanoseconds / 1_000_000)
        }
        waiters.add(window: window, reply: reply, uid: uid, timeout: limit)
        if limit != nil { armWaitTimer() }
    }

    /// One timer for every waiter's timeout, set to the earliest.
    func armWaitTimer() {
        guard !isExpiringWaiters else { return }
        let earliest = waiters.earliestTimeout()
        guard earliest != waitTimer?.at else { return }
        waitTimer?.task.cancel()
        waitTimer = nil
        guard let earliest else { return }
        let task = eventLoop.assumeIsolated().scheduleTask(deadline: earliest) { [self] in
            waitTimer = nil
            expireWaiters()
        }
        waitTimer = (earliest, task)
    }

    /// Answers the waiters whose timeout has come with -32003, a slice at a
    /// time (`SliceBudgets.expiries`, `.expiryTime`), earliest first and in the order
    /// they began waiting: 60,000 timing out together do not hold everyone
    /// else up for one long loop iteration. One that is still waiting when its
    /// window ends meanwhile gets the window's outcome, as it would have had
    /// the window ended a moment before its timeout.
    func expireWaiters() {
        guard !isExpiringWaiters else { return }
        isExpiringWaiters = true
        slicedWork.start(owner: nil, budget: slicedWork.budgets.expiries) { [self] budget in
            // By the real clock, not the loop's (a test's loop has a manual one).
            let ends = slicedWork.budgets.expiryTime.map { NIODeadline.now() + $0 }
            var answered = 0
            let now = eventLoop.now
            while answered < budget, let waiter = waiters.takeTimedOut(at: now) {
                let milliseconds = waiter.timeout?.milliseconds ?? 0
                waiter.reply.deliver(
                    .failure(
                        RPCError(
                            .waitTimedOut,
                            "wait timed out after \(milliseconds) ms; window \(waiter.window) is still open")))
                answered += 1
                loopProbe?.activity.expiries += 1
                if let ends, NIODeadline.now() >= ends { break }
            }
            if let next = waiters.earliestTimeout(), next <= eventLoop.now { return false }
            isExpiringWaiters = false
            armWaitTimer()
            return true
        }
    }
}
