import PickerCore
import PickerProtocol

/// The event-loop turn and its commit (group commit): every line read in one
/// turn, on any connection, is answered into the socket buffers but not
/// flushed; a task that NIO runs after the turn's reads commits all their
/// changes in one transaction and only then flushes the held answers. Nothing
/// is acknowledged before it is stored, and a burst of requests costs one
/// commit instead of one each. Once the state cannot be saved, nothing more
/// is done. Part of `DaemonCore` (`beginTurn`, `afterChange`), on its loop.
final class GroupCommit {
    let store: any StateStore
    /// Connections that wrote during the current turn: their writes wait for its commit.
    private var heldConnections: [any Connection] = []
    private(set) var isHoldingWrites = false
    /// Set once the state could not be saved; the daemon then does nothing more.
    private(set) var stateLoss: StateLoss?
    /// Told, on the loop, when the state could not be saved (`Daemon.run` stops).
    var onStateLoss: (StateLoss) -> Void = { _ in }

    init(store: any StateStore) {
        self.store = store
    }

    /// Starts a turn unless one is on: writes are held, and so are log lines
    /// (`StderrLines`). Whether it started one; its end is then the caller's
    /// to schedule.
    func begin() -> Bool {
        guard !isHoldingWrites else { return false }
        isHoldingWrites = true
        StderrLines.shared.hold()
        return true
    }

    func end() {
        isHoldingWrites = false
    }

    /// Holds writes while a change is delivered, unless a turn holds them
    /// already: whether this call took the hold (and is to `release` it).
    func holdWrites() -> Bool {
        guard !isHoldingWrites else { return false }
        isHoldingWrites = true
        return true
    }

    /// A connection wrote while writes are held; `release` lets it flush.
    func hold(_ connection: any Connection) {
        heldConnections.append(connection)
    }

    /// Lets what was held go: the log first, so that whoever reads an answer
    /// finds its lines logged, then every held connection's writes.
    func release() {
        StderrLines.shared.release()
        isHoldingWrites = false
        let held = heldConnections
        heldConnections = []
        for connection in held { connection.releaseHeldWrites() }
    }

    /// Stores what changed since the last commit, if anything did.
    func commit(_ events: [PickerEvent], droppedOutcomes: [WindowID], of model: PickerModel) throws {
        guard !events.isEmpty || !droppedOutcomes.isEmpty else { return }
        try store.commit(events, droppedOutcomes: droppedOutcomes, of: model)
    }

    /// The state could not be saved: nothing held since the last commit may
    /// reach a client (the caller drops every connection), and nothing more
    /// is done.
    func lose(_ reason: String) -> StateLoss {
        let loss = StateLoss(reason: reason)
        stateLoss = loss
        heldConnections = []
        return loss
    }
}
