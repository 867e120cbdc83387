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
    private(set) var writeState = WriteState.direct
    var idleTimer: Scheduled<Void>?
    var lastRequestAt: NIODeadline = .uptimeNanoseconds(0)
    /// The peer shut its sending side and every line it sent was passed on:
    /// once each has its answer, the connection closes.
    private var inputEnded = false
    var answersOwed = 0 {
        didSet { if answersOwed == 0 { closeIfFinished() } }
    }
    /// Bytes of batch answers collected but not written yet (`BatchReply`).
    private var heldBatchBytes = 0
    /// Lines written during a turn, gathered into one buffer: the turn costs
    /// one write into the pipeline and one `writev` entry instead of one per
    /// answer. Passed on at `gatheredLimit` bytes, so the channel's writability
    /// (and with it back-pressure) still follows what the peer owes.
    private var gathered: ByteBuffer?
    private static let gatheredLimit = 16 * 1024
    private(set) var fellBehind = false
    /// Events written to the socket buffer but not yet taken by the kernel.
    private(set) var unsentEvents = 0
    /// Lines and events that wait here rather than in the channel: behind an
    /// answer still being built (`slicedAnswers`), or events while the peer
    /// is behind. A subscriber that never reads then costs a queue of shared
    /// buffers, dropped at once when it is closed, rather than thousands of
    /// pending writes that NIO fails one by one.
    private var queued = CircularBuffer<QueuedWrite>()
    private var queuedBytes = 0
    private var queuedEvents = 0
    /// Answers being built a slice at a time (a long `list`): each holds a
    /// place in `queued`, nothing behind it goes out before it, and no
    /// further line of the peer runs.
    private var slicedAnswers = 0
    private var nextSlot = 0
    /// The place the answer being written now goes to (`slicedAnswerWritten`).
    private var fillingSlot: Int?
    /// Lines that arrived while an answer was being built, run once it is out.
    private var waitingLines = CircularBuffer<LineAssembler.Piece>()
    /// A read the pipeline asked for while lines wait; done once they ran.
    private var readWithheld = false
    /// A job of `SlicedWork` will run the waiting lines.
    private var waitingLinesScheduled = false

    private struct QueuedWrite {
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
            waitingLines.append(piece)
            if slicedAnswers == 0 { runWaitingLinesLater() }
            return
        }
        run(piece, context: context)
    }

    /// Lines wait because this loop iteration has run lines long enough:
    /// they run in later ones, a slice of `SlicedWork` each, after its
    /// other connections' work.
    private func runWaitingLinesLater() {
        guard !waitingLinesScheduled else { return }
        waitingLinesScheduled = true
        core.slicedWork.start(owner: id, budget: 0, now: false) { [self] _ in
            waitingLinesScheduled = false
            runWaitingLines()
            guard slicedAnswers == 0, !isClosing, !waitingLines.isEmpty else { return true }
            waitingLinesScheduled = true
            return false
        }
    }

    /// Runs the lines that waited while nothing holds them and the
    /// iteration has time; once none is left, reads again and may close.
    private func runWaitingLines() {
        guard let context else { return }
        while slicedAnswers == 0, !isClosing, let piece = waitingLines.first {
            guard !core.turnIsSpent else { return }
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
        }
        context.fireChannelWritabilityChanged()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        cancelIdleTimer()
        writeState = .closing
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

    // MARK: writing

    func send(_ message: JSON) {
        send { line in message.serialize(into: &line) }
    }

    func send(lineBuiltBy build: (inout [UInt8]) -> Void) {
        guard context != nil, !isClosing else { return }
        var line = core.takeLineScratch()
        build(&line)
        line.append(0x0A)
        send(line: line)
        core.returnLineScratch(line)
    }

    func send(line bytes: [UInt8]) {
        guard let context, !isClosing else { return }
        guard queued.isEmpty else {
            enqueue(QueuedWrite(head: nil, body: context.channel.allocator.buffer(bytes: bytes)))
            return
        }
        guard holdsWritesForTheTurn() else {
            write(context.channel.allocator.buffer(bytes: bytes), promise: nil)
            return
        }
        if gathered == nil {
            gathered = context.channel.allocator.buffer(capacity: max(bytes.count, 1024))
        }
        gathered!.writeBytes(bytes)
        if gathered!.readableBytes >= Self.gatheredLimit { writeGathered() }
    }

    func send(line buffer: ByteBuffer) {
        guard let context, !isClosing else { return }
        guard queued.isEmpty else {
            enqueue(QueuedWrite(head: nil, body: buffer))
            return
        }
        guard holdsWritesForTheTurn() else {
            write(buffer, promise: nil)
            return
        }
        if buffer.readableBytes < Self.gatheredLimit {
            var small = buffer
            if gathered == nil { gathered = context.channel.allocator.buffer(capacity: max(small.readableBytes, 1024)) }
            gathered!.writeBuffer(&small)
            if gathered!.readableBytes >= Self.gatheredLimit { writeGathered() }
            return
        }
        // After the answers gathered before it, in order.
        writeGathered()
        let wasBehind = !context.channel.isWritable
        context.write(wrapOutboundOut(buffer), promise: nil)
        noteWritability(wasBehind: wasBehind)
    }

    /// Whether writes now wait for the turn's commit; the first write of a
    /// turn tells the core to release this connection's writes after it.
    private func holdsWritesForTheTurn() -> Bool {
        switch writeState {
        case .held: return true
        case .direct where core.isHoldingWrites:
            writeState = .held(thenClose: false)
            core.hold(self)
            return true
        case .direct, .closing: return false
        }
    }

    /// Passes the gathered lines on to the pipeline (not flushed). They were
    /// gathered while writing was allowed, so they go even if the connection
    /// has decided since to close once they are out (`.held(thenClose: true)`).
    private func writeGathered() {
        guard let buffer = gathered, let context else { return }
        gathered = nil
        let wasBehind = !context.channel.isWritable
        context.write(wrapOutboundOut(buffer), promise: nil)
        noteWritability(wasBehind: wasBehind)
    }

    /// Writes to the channel as the write state says. A write that finds the
    /// peer already behind adds to its backlog, which the core bounds; one
    /// answer to a peer that keeps up may be as large as it is.
    private func write(_ buffer: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let context else { return }
        let wasBehind = !context.channel.isWritable
        switch writeState {
        case .closing, .held(thenClose: true):
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        case .held:
            context.write(wrapOutboundOut(buffer), promise: promise)
        case .direct where core.isHoldingWrites:
            context.write(wrapOutboundOut(buffer), promise: promise)
            writeState = .held(thenClose: false)
            core.hold(self)
        case .direct:
            context.writeAndFlush(wrapOutboundOut(buffer), promise: promise)
        }
        noteWritability(wasBehind: wasBehind)
    }

    /// After a write: a peer now behind has its backlog counted (and bounded).
    private func noteWritability(wasBehind: Bool) {
        guard let context, !context.channel.isWritable else { return }
        fellBehind = true
        core.checkBacklog(of: self, mayClose: wasBehind)
    }

    var pendingBytes: Int {
        ((try? context?.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0) + heldBatchBytes
            + (gathered?.readableBytes ?? 0) + queuedBytes
    }

    /// Past the backlog limit the connection is closed, unless the batch has
    /// only one answer so far: one answer may be as large as it is.
    func batchBytesChanged(by bytes: Int, answersSoFar: Int) {
        heldBatchBytes += bytes
        core.checkBacklog(of: self, mayClose: bytes > 0 && answersSoFar > 1)
    }

    func sendEvent(head: ByteBuffer, body: ByteBuffer, limit: Int) {
        guard !isClosing, let context else { return }
        guard unsentEvents + queuedEvents < limit else {
            core.logger.notice("connection \(id.rawValue) left more than \(limit) events unread; disconnecting it")
            // What it never read is dropped; it is told why after what it has.
            dropQueued()
            send(
                RPCResponse.error(
                    id: .null,
                    .limitReached(
                        "more than \(limit) events went unread, the limit (limits.max_event_queue); read events as they come or subscribe to fewer",
                        limit: .maxEventQueue)))
            closeAfterFlush()
            return
        }
        guard queued.isEmpty, context.channel.isWritable else {
            enqueue(QueuedWrite(head: head, body: body))
            return
        }
        writeEvent(head: head, body: body)
    }

    private func writeEvent(head: ByteBuffer, body: ByteBuffer) {
        guard let context else { return }
        unsentEvents += 1
        // After the answers gathered before it, in order.
        writeGathered()
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in unsentEvents -= 1 }
        // The head goes with the body: whatever holds or flushes the body does both.
        context.write(wrapOutboundOut(head), promise: nil)
        write(body, promise: promise)
    }

    /// Keeps a line or event for later (see `queued`); a peer that is behind
    /// has it counted in its backlog.
    private func enqueue(_ write: QueuedWrite) {
        if let slot = fillingSlot, let place = queued.firstIndex(where: { $0.slot == slot }) {
            queued.insert(write, at: place)
        } else {
            queued.append(write)
        }
        queuedBytes += write.bytes
        if write.head != nil { queuedEvents += 1 }
        guard let context else { return }
        if context.channel.isWritable { writeQueued() }
        if !context.channel.isWritable {
            fellBehind = true
            core.checkBacklog(of: self, mayClose: true)
        }
    }

    /// Passes queued lines and events on, in order, while the peer keeps up
    /// and no answer is being built before them.
    private func writeQueued() {
        guard let context else { return }
        while !isClosing, context.channel.isWritable, let next = queued.first, next.slot == nil {
            queued.removeFirst()
            queuedBytes -= next.bytes
            if let head = next.head {
                queuedEvents -= 1
                writeEvent(head: head, body: next.body)
            } else if holdsWritesForTheTurn() {
                writeGathered()
                context.write(wrapOutboundOut(next.body), promise: nil)
                noteWritability(wasBehind: false)
            } else {
                write(next.body, promise: nil)
            }
        }
    }

    private func dropQueued() {
        queued.removeAll()
        queuedBytes = 0
        queuedEvents = 0
        waitingLines.removeAll()
    }

    func releaseHeldWrites() {
        writeGathered()
        let closes = writeState == .held(thenClose: true)
        if case .held = writeState { writeState = .direct }
        if closes {
            closeAfterFlush()
        } else {
            context?.flush()
        }
    }

    // MARK: closing

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
