import PickerJSON
import PickerProtocol

/// A batch's requests run in order, as many in a loop iteration as its lines
/// have time for (`SliceBudgets.lineTime`); the rest run in later slices of
/// `SlicedWork`, at least one a slice, so that a batch of 1,000 costs every
/// other connection one slice at a time, not its whole length. Their answers
/// go into the batch's line by index (`BatchReply`) as before, so the line is
/// the same, byte for byte. Meanwhile the peer's later lines wait behind the
/// batch (`slicedAnswerBegins`), in order.
///
/// The rest runs only while the peer reads what it is sent, as held-back
/// lines do: a peer that does not pauses its batch until it catches up. And a
/// member's answer is not built for a peer whose user already leaves more
/// unread than `max_write_backlog_bytes`: the connection is closed before it
/// (`checkBacklog`), not after.
extension DaemonCore {
    func runBatch(_ batch: BatchInProgress, from connection: any Connection) {
        guard !runMembers(of: batch, from: connection) else { return }
        connection.slicedAnswerBegins()
        // A peer that goes away has the rest run at once, as before it was
        // held back (a window it presented then ends as its owner's); those
        // whose only effect is their answer are left out (`onlyAnswer`):
        // 100 batches of 1,000 `plugins` left half run by peers closed
        // together were 15,000 answers built for nobody in one iteration.
        connection.whenPeerGoesAway { [self] in
            while let element = batch.next, !connection.isClosing {
                if case .success(let request) = RPCEnvelope.read(element), Self.onlyAnswer.contains(request.method) {
                    batch.index += 1
                    continue
                }
                runMember(element, of: batch, from: connection)
            }
            finish(batch, from: connection)
        }
        runLater(batch, from: connection)
    }

    /// The methods that need no permission or only `observe`: their one
    /// effect that outlives their connection is their answer (a wait or a
    /// subscription is the connection's, and ends with it), so they are not
    /// run for a peer that has gone away.
    static let onlyAnswer: Set<String> = Set(
        servedMethods.filter { $0.value.permission == nil || $0.value.permission == .observe }.keys)

    /// Every member ran (or the connection is closing): the peer's next lines may.
    private func finish(_ batch: BatchInProgress, from connection: any Connection) {
        guard !batch.isFinished else { return }
        batch.isFinished = true
        connection.whenPeerGoesAway(nil)
        connection.slicedAnswerWritten(slot: nil) {}
    }

    /// Queues the batch's next slice; a peer that is behind holds it until it
    /// catches up (`whenPeerCatchesUp`).
    private func runLater(_ batch: BatchInProgress, from connection: any Connection) {
        slicedWork.start(owner: connection.id, budget: 0, now: false) { [self] _ in
            guard !batch.isFinished else { return true }
            if !connection.isClosing, !connection.peerKeepsUp {
                connection.whenPeerCatchesUp { [self] in runLater(batch, from: connection) }
                return true
            }
            guard !connection.isClosing, !runMembers(of: batch, from: connection) else {
                finish(batch, from: connection)
                return true
            }
            return false
        }
    }

    /// Runs the batch's next members, at least one, while the loop iteration's
    /// lines have time and the peer keeps up; whether none is left to run.
    private func runMembers(of batch: BatchInProgress, from connection: any Connection) -> Bool {
        var mustRun = true
        while let element = batch.next {
            guard !connection.isClosing else { return true }
            guard mustRun || (!turnIsSpent && connection.peerKeepsUp) else { return false }
            mustRun = false
            // Closes a peer whose user's backlog is full before its answer is built;
            // one answer may be as large as it is.
            if batch.reply.answers > 0 {
                checkBacklog(of: connection, mayClose: true)
                guard !connection.isClosing else { return true }
            }
            runMember(element, of: batch, from: connection)
        }
        return true
    }

    /// Runs the batch's next member, its answer taking the next place in the batch's line.
    private func runMember(_ element: JSONValueView, of batch: BatchInProgress, from connection: any Connection) {
        batch.index += 1
        batchMembersRun += 1
        loopProbe?.activity.batchMembers += 1
        run(element, from: connection) { id in
            defer { batch.slot += 1 }
            return ResponseSink(id: id, batch: batch.reply, index: batch.slot)
        }
    }
}

/// A batch being run: its requests, the next to run, and the place the next
/// answer takes in its line (notifications have none).
final class BatchInProgress {
    /// The members, read from the line's json-c document (which they keep)
    /// as each runs.
    let elements: [JSONValueView]
    let reply: BatchReply
    var index = 0
    var slot = 0
    /// Every member ran, or its connection closed.
    var isFinished = false

    init(elements: [JSONValueView], reply: BatchReply) {
        self.elements = elements
        self.reply = reply
    }

    var next: JSONValueView? { index < elements.count ? elements[index] : nil }
}
