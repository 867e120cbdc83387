import Logging
import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Group commit: every change of an event-loop turn is stored before its
/// answers go out; then events reach subscribers and outcomes their waiters.
extension DaemonCore {
    // MARK: group commit

    /// Every line runs in a turn, which ends, committed, after the loop
    /// iteration's reads (`GroupCommit`).
    func beginTurn() {
        guard turns.begin() else { return }
        turnStartedAt = eventLoop.now
        eventLoop.assumeIsolated().execute { [self] in endTurn() }
    }

    func endTurn() {
        turns.end()
        turnStartedAt = nil
        // Commits, then releases what the turn held with what it delivers.
        afterChange()
    }

    /// The state could not be saved: nothing written since the last commit
    /// may reach a client, and nothing more is done. Every connection is
    /// dropped with what it holds, and `onStateLoss` tells `Daemon.run`,
    /// which stops the daemon with `StateLoss`.
    func stop(becauseStateIsLost reason: String) {
        let loss = turns.lose(reason)
        for connection in connections.all.values { connection.abandon() }
        turns.onStateLoss(loss)
    }

    /// Runs work that changes the model outside a request's line (an external
    /// plugin's answer) as a turn of its own: committed before answers go out.
    func runAsTurn(_ body: () -> Void) {
        beginTurn()
        body()
    }

    /// Whether writes now wait for the turn's commit.
    var isHoldingWrites: Bool { turns.isHoldingWrites }

    /// A connection wrote while the turn holds writes; they go once it is committed.
    func hold(_ connection: any Connection) {
        turns.hold(connection)
    }

    // MARK: after every change

    /// Sends the model's new events to subscribers and waiters, logs windows
    /// coming and going, and re-arms the timer.
    func afterChange() {
        // What is delivered here is written held and flushed at the end: a
        // flush can reach back into a connection (NIO reads, then closes, a
        // socket whose write failed), which must not happen in the middle of
        // delivering, nor before the commit.
        guard turns.stateLoss == nil else { return }
        let ownsTheHold = turns.holdWrites()
        defer { if ownsTheHold { turns.release() } }
        let events = model.takeEvents()
        loopProbe?.activity.commits += 1
        loopProbe?.activity.events += events.count
        let forgotten = model.takeDroppedOutcomes()
        do {
            try turns.commit(events, droppedOutcomes: forgotten, of: model)
        } catch {
            // Nothing written since the last commit has been flushed to a
            // client, so stopping here acknowledges nothing that was lost.
            let advice =
                (error as? SQLiteDatabase.Failure)?.isDiskFull == true
                ? "; the disk holding the state directory is full: free some space and start pickerd again" : ""
            let reason = "cannot save the daemon's state, stopping without acknowledging it: \(error)\(advice)"
            logger.critical("\(reason)")
            stop(becauseStateIsLost: reason)
            return
        }
        for event in events {
            switch event.kind {
            case .presented:
                logPresented(event)
            case .dismissed:
                guard let window = event.window else { break }
                logger.info(
                    "window \(window) dismissed: \(event.outcome?.reason.rawValue ?? "?")\(describeActor(event.outcome?.by))"
                )
                // From the event, not the archive: the outcome may already have
                // left it (retention 0, or dropped for a count in this turn).
                if let outcome = event.outcome {
                    for waiter in waiters.resolve(window: window) {
                        waiter.reply.deliver(outcome.wire(for: waiter.uid))
                    }
                }
            case .quietChanged:
                if case .quietChanged(let quietHours) = event.payload {
                    logger.notice("\(quietHours.map { "quiet hours: \($0)" } ?? "quiet hours ended")")
                }
            default:
                break
            }
            subscriptions.deliver(event, limit: configuration.limits.maxEventQueue, to: connections.all)
        }
        scheduleWakeup()
        systemd.scheduleUpdate { [self] in statusSummary }
    }

    func logPresented(_ event: PickerEvent) {
        guard case .presented(let summary) = event.payload, let window = event.window else { return }
        let kind = summary.kind
        let level = summary.levelName ?? summary.level.description
        var owner = ""
        if let peer = model.owner(of: window)?.peer { owner = " by uid \(peer.uid) pid \(peer.pid)" }
        logger.info("window \(window) presented: \(kind) at level \(level)\(owner)")
    }

    func describeActor(_ by: Peer?) -> String {
        guard let by else { return "" }
        return " by uid \(by.uid) pid \(by.pid)"
    }

    func scheduleWakeup() {
        let next = model.nextWakeup
        guard next != wakeup?.at else { return }
        wakeup?.task.cancel()
        wakeup = nil
        guard let next else { return }
        let delay = max(0, next.milliseconds - model.clock.now().milliseconds)
        let task = eventLoop.assumeIsolated().scheduleTask(in: .milliseconds(delay)) { [self] in
            wakeup = nil
            model.fireDueTimers()
            afterChange()
        }
        wakeup = (next, task)
    }
}
