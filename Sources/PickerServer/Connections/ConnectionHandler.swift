import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// One client connection, at the end of its pipeline
/// (`PeerCredentialsHandler`, `LineFramingHandler`, then this): it is
/// admitted once its peer is known, hands each line to the core, and writes
/// what the core sends back. Lives on the core's event loop, like everything
/// else in the daemon.
package final class ConnectionHandler: ChannelDuplexHandler, Connection {
    package typealias InboundIn = LineAssembler.Piece
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    /// How what is written reaches the peer. Every line read runs in a turn
    /// (`DaemonCore.handle`), so answers to requests are always held; only
    /// what is written outside one (refusals, a line too long) goes directly.
    enum WriteState: Equatable {
        /// Each write is flushed at once.
        case direct
        /// Written during a turn whose commit has not happened yet
        /// (`DaemonCore.beginTurn`): flushed when the core releases them, and
        /// then closed if `thenClose`.
        case held(thenClose: Bool)
        /// Nothing more is written; the channel is closing.
        case closing
    }

    let id: ConnectionID
    let core: DaemonCore
    let idleTimeout: TimeAmount?
    private(set) var context: ChannelHandlerContext?
    private(set) var peer: PeerCredentials?
    /// Read at the connection's first present and kept: the user and process
    /// names are for the person to read (the uid and pid are the kernel's),
    /// and reading /proc/PID/comm for every present was 13% of pickerd's CPU
    /// in a present+submit run (BENCHMARKS.md).
    private(set) lazy var asker: Peer? = peer.map(AskerIdentity.peer)
    var clientName: String?
    var remoteName: String?
    var hasSpoken = false
    var writeState = WriteState.direct
    var idleTimer: Scheduled<Void>?
    var lastRequestAt: NIODeadline = .uptimeNanoseconds(0)
    /// The peer shut its sending side and every line it sent was passed on:
    /// once each has its answer, the connection closes.
    private var inputEnded = false
    var answersOwed = 0 {
        didSet { if answersOwed == 0 { closeIfFinished() } }
    }
    /// Bytes of batch answers collected but not written yet (`BatchReply`).
    var heldBatchBytes = 0
    /// Lines written during a turn, gathered into one buffer: the turn costs
    /// one write into the pipeline and one `writev` entry instead of one per
    /// answer. Passed on at `gatheredLimit` bytes, so the channel's writability
    /// (and with it back-pressure) still follows what the peer owes.
    var gathered: ByteBuffer?
    static let gatheredLimit = 16 * 1024
    var fellBehind = false
    /// Events written to the socket buffer but not yet taken by the kernel.
    var unsentEvents = 0
    /// Lines and events that wait here rather than in the channel: behind an
    /// answer still being built (`slicedAnswers`), or events while the peer
    /// is behind. A subscriber that never reads then costs a queue of shared
    /// buffers, dropped at once when it is closed, rather than thousands of
    /// pending writes that NIO fails one by one.
    var queued = CircularBuffer<QueuedWrite>()
    var queuedBytes = 0
    var queuedEvents = 0
    /// Answers being built a slice at a time (a long `list`): each holds a
    /// place in `queued`, nothing behind it goes out before it, and no
    /// further line of the peer runs.
    private var slicedAnswers = 0
    private var nextSlot = 0
    /// The place the answer being written now goes to (`slicedAnswerWritten`).
    private(set) var fillingSlot: Int?
    /// Lines that arrived while an answer was being built, or once the loop
    /// iteration's lines had had their time (`DaemonCore.turnIsSpent`): run
    /// once it is out, in later iterations, and only while the peer keeps up,
    /// as `LineFramingHandler` passes lines on. The peer shutting its sending
    /// side waits for them (`closeIfFinished`).
    private var waitingLines = CircularBuffer<LineAssembler.Piece>()
    /// A read the pipeline asked for while lines wait; done once they ran.
    private var readWithheld = false
    /// A job of `SlicedWork` will run the waiting lines.
    private var waitingLinesScheduled = false
    /// Held-back work of the core (a batch's rest) to go on once the peer
    /// catches up (`whenPeerCatchesUp`).
    private var onCatchingUp: (() -> Void)?
    /// Held-back work of the core that runs all at once if the peer goes away.
    private var onGoingAway: (() -> Void)?

    struct QueuedWrite {
        /// An event's head (`EventLine`); nil for an answer's line.
        var head: ByteBuffer?
        var body: ByteBuffer
        /// The place of an answer still being built: nothing is written past it.
        var slot: Int? = nil

        var bytes: Int { body.readableBytes + (head?.readableBytes ?? 0) }
    }

    var isClosing: Bool {
        writeState == .closing || writeState == .held(thenClose: true)
    }

    init(id: ConnectionID, core: DaemonCore, idleTimeout: TimeAmount?) {
        self.id = id
        self.core = core
        self.idleTimeout = idleTimeout
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// The context holds this handler: keeping it past removal would keep both,
    /// and the channel, alive for every connection ever made.
    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        cancelIdleTimer()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let identified = event as? PeerIdentified {
            admit(identified.peer, context: context)
        } else if let event = event as? ChannelEvent, event == .inputClosed {
            // Every line the peer sent has been passed on: answer them, then close.
            inputEnded = true
            closeIfFinished()
        }
        context.fireUserInboundEventTriggered(event)
    }

    private func admit(_ peer: PeerCredentials, context: ChannelHandlerContext) {
        if let refusal = core.admit(self, peer: peer) {
            // Not counted as a connection: told why, then closed.
            send(RPCResponse.error(id: .null, refusal))
            closeAfterFlush()
            return
        }
        self.peer = peer
        lastRequestAt = context.eventLoop.now
        armIdleTimer()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Closing, what more the peer sends is dropped.
        guard !isClosing, peer != nil else { return }
        let piece = unwrapInboundIn(data)
        guard slicedAnswers == 0, waitingLines.isEmpty, !core.turnIsSpent else {
            // Nothing of this peer waited: its line takes the next slice.
            let hadNothingWaiting = slicedAnswers == 0 && waitingLines.isEmpty
            waitingLines.append(piece)
            if slicedAnswers == 0 { runWaitingLinesLater(next: hadNothingWaiting) }
            return
        }
        run(piece, context: context)
    }

    /// Lines wait because this loop iteration has run lines long enough:
    /// they run in later ones, a slice of `SlicedWork` each, after its
    /// other connections' work. A peer that is behind stops the job; it
    /// starts again when the peer catches up (`channelWritabilityChanged`).
    private func runWaitingLinesLater(next: Bool = false) {
        guard !waitingLinesScheduled else { return }
        waitingLinesScheduled = true
        core.slicedWork.start(owner: id, budget: 0, now: false, next: next) { [self] _ in
            waitingLinesScheduled = false
            runWaitingLines(atLeastOne: true)
            guard slicedAnswers == 0, !isClosing, !waitingLines.isEmpty, peerKeepsUp else { return true }
            waitingLinesScheduled = true
            return false
        }
    }

    /// Whether the peer reads what is written to it: lines run only then.
    var peerKeepsUp: Bool { context?.channel.isWritable ?? false }

    func whenPeerCatchesUp(_ resume: @escaping () -> Void) {
        onCatchingUp = resume
    }

    func whenPeerGoesAway(_ finish: (() -> Void)?) {
        onGoingAway = finish
    }

    /// Runs the lines that waited while nothing holds them, the peer keeps
    /// up and the iteration has time (a slice runs one at least, so that
    /// each makes headway); once none is left, reads again and may close.
    private func runWaitingLines(atLeastOne: Bool = false) {
        guard let context else { return }
        var mustRun = atLeastOne
        while slicedAnswers == 0, !isClosing, peerKeepsUp, let piece = waitingLines.first {
            guard mustRun || !core.turnIsSpent else { return }
            mustRun = false
            waitingLines.removeFirst()
            run(piece, context: context)
        }
        guard slicedAnswers == 0, waitingLines.isEmpty, !isClosing else { return }
        closeIfFinished()
        if readWithheld, !isClosing {
            readWithheld = false
            // From the tail, so that the framing handler can still withhold it.
            context.channel.read()
        }
    }

    private func run(_ piece: LineAssembler.Piece, context: ChannelHandlerContext) {
        switch piece {
        case .line(let line):
            lastRequestAt = context.eventLoop.now
            core.handle(line: line, from: self)
        case .tooLong:
            send(RPCResponse.error(id: .null, core.lineTooLongError))
            closeAfterFlush()
        }
    }

    package func read(context: ChannelHandlerContext) {
        guard !isClosing else { return }
        guard slicedAnswers == 0, waitingLines.isEmpty else {
            readWithheld = true
            return
        }
        context.read()
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            writeQueued()
            if heldBatchBytes == 0, queued.isEmpty { core.forgetBacklog(of: self) }
            // The peer caught up: the lines held back for it run again, in
            // a later iteration (this may be the middle of a flush).
            if slicedAnswers == 0, !waitingLines.isEmpty { runWaitingLinesLater() }
            if let resume = onCatchingUp {
                onCatchingUp = nil
                resume()
            }
        }
        context.fireChannelWritabilityChanged()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        cancelIdleTimer()
        onCatchingUp = nil
        if peer != nil, !isClosing, let finish = onGoingAway {
            onGoingAway = nil
            finish()
        }
        // Lines the peer sent before it went still run, as they would have
        // had they not been held back: a window it presented is then ended
        // as its owner's (`connectionClosed`). Their answers go nowhere.
        while peer != nil, slicedAnswers == 0, !isClosing, let piece = waitingLines.popFirst() {
            run(piece, context: context)
        }
        writeState = .closing
        onGoingAway = nil
        if peer != nil { core.connectionClosed(self) }
        context.fireChannelInactive()
    }

    package func errorCaught(context: ChannelHandlerContext, error: Error) {
        switch error {
        case is PeerCredentialsUnreadable:
            core.logger.warning("could not read the peer credentials of a connection; closing it")
        case LineFramingError.partialLineTimedOut:
            core.logger.debug("connection \(id.rawValue) held a partial line too long; closing it")
            send(RPCResponse.error(id: .null, core.partialLineTimedOutError))
            closeAfterFlush()
            return
        default:
            core.logger.debug("connection \(id.rawValue) failed: \(error)")
        }
        close()
    }

    /// After the peer shut its sending side: closes once every request with
    /// an id has had its answer.
    private func closeIfFinished() {
        guard inputEnded, !isClosing, answersOwed == 0, slicedAnswers == 0, waitingLines.isEmpty else { return }
        closeAfterFlush()
    }

    // MARK: answers built in slices

    /// An answer will be built over several loop iterations: until
    /// `slicedAnswerWritten`, the peer's next lines wait to run, and from
    /// `slicedAnswerStarts`, what else is written waits behind it, so that
    /// answers and events keep the order of the requests and changes they
    /// come from.
    func slicedAnswerBegins() {
        slicedAnswers += 1
    }

    func slicedAnswerStarts() -> Int {
        nextSlot += 1
        queued.append(QueuedWrite(head: nil, body: ByteBuffer(), slot: nextSlot))
        return nextSlot
    }

    /// What `write` writes (the answer, or nothing when the connection is
    /// closing or a batch still waits for others) takes the answer's place;
    /// then what waited behind it goes out, and the lines that waited run.
    func slicedAnswerWritten(slot: Int?, by write: () -> Void) {
        fillingSlot = slot
        write()
        fillingSlot = nil
        if let slot, let place = queued.firstIndex(where: { $0.slot == slot }) { queued.remove(at: place) }
        slicedAnswers -= 1
        guard !isClosing else { return }
        writeQueued()
        guard slicedAnswers == 0 else { return }
        runWaitingLines()
        if !waitingLines.isEmpty { runWaitingLinesLater() }
    }

    // MARK: closing

    /// Forgets what waits in the connection: queued lines and events, and
    /// lines not run yet.
    func dropQueued() {
        onCatchingUp = nil
        onGoingAway = nil
        queued.removeAll()
        queuedBytes = 0
        queuedEvents = 0
        waitingLines.removeAll()
    }

    func close() {
        guard !isClosing else { return }
        gathered = nil
        dropQueued()
        writeState = .closing
        context?.close(promise: nil)
    }

    /// For a peer that has let too much pile up: nothing more is written.
    func abandon() {
        guard !isClosing, let context else { return }
        gathered = nil
        dropQueued()
        writeState = .closing
        context.eventLoop.assumeIsolated().execute { context.close(promise: nil) }
    }

    /// Waits for the turn's commit if writes are held; then closes once what
    /// was written has gone out, or after two seconds when the peer does not
    /// read it.
    func closeAfterFlush() {
        guard !isClosing, let context else { return }
        if writeState == .held(thenClose: false) {
            writeState = .held(thenClose: true)
            return
        }
        writeGathered()
        // Closing, the peer gets what waited too, as far as it reads.
        while let next = queued.popFirst() {
            if let head = next.head { context.write(wrapOutboundOut(head), promise: nil) }
            context.write(wrapOutboundOut(next.body), promise: nil)
        }
        dropQueued()
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: promise)
        writeState = .closing
        let deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) {
            context.close(promise: nil)
        }
        promise.futureResult.assumeIsolated().whenComplete { _ in
            deadline.cancel()
            context.close(promise: nil)
        }
    }
}
