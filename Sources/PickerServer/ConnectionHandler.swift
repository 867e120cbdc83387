import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// One client connection: reads its peer credentials, cuts its bytes into lines,
/// hands each line to the core, and writes what the core sends back. Lives on
/// the core's event loop, like everything else in the daemon.
///
/// A peer that does not read its answers is not read either: once more is
/// queued for it than the kernel takes (the channel is not writable), its
/// remaining lines wait and no more bytes are read, until it catches up.
package final class ConnectionHandler: ChannelDuplexHandler {
    package typealias InboundIn = ByteBuffer
    package typealias OutboundIn = ByteBuffer
    package typealias OutboundOut = ByteBuffer

    let id: ConnectionID
    let core: DaemonCore
    let partialLineTimeout: TimeAmount
    let idleTimeout: TimeAmount?
    var assembler: LineAssembler
    var context: ChannelHandlerContext?
    private(set) var peer: PeerCredentials?
    var partialLineTimer: Scheduled<Void>?
    var idleTimer: Scheduled<Void>?
    var lastRequestAt: NIODeadline = .uptimeNanoseconds(0)
    private var isReading = false
    private var needsFlush = false
    /// A read NIO asked for while the peer was behind; done once it catches up.
    private var readWithheld = false
    /// Lines may wait in the assembler: the peer fell behind while they ran.
    private var linesMayWait = false
    /// The peer shut its sending side: once every line ran and every answer
    /// went out, the connection closes.
    private var inputEnded = false
    /// Requests with an id not answered yet (`ResponseSink`).
    var answersOwed = 0 {
        didSet { if answersOwed == 0 { closeIfFinished() } }
    }
    /// Bytes of batch answers collected but not written yet (`BatchReply`).
    var heldBatchBytes = 0
    /// What the core last counted of this connection's pending bytes in its
    /// user's backlog (`DaemonCore.checkBacklog`).
    var countedBacklog = 0
    /// Written during a turn whose commit has not happened yet (see DaemonCore.beginTurn).
    private var isHeld = false
    private var closesWhenReleased = false
    private(set) var isClosing = false
    /// Whether more was ever queued for the peer than the kernel took.
    private(set) var fellBehind = false
    /// Events written to the socket buffer but not yet taken by the kernel.
    private(set) var unsentEvents = 0

    /// Credentials given instead of read from the socket (EmbeddedDaemon).
    private let presetPeer: PeerCredentials?

    init(id: ConnectionID, core: DaemonCore, limits: Limits, peer: PeerCredentials? = nil) {
        self.id = id
        presetPeer = peer
        self.core = core
        assembler = LineAssembler(maxLineBytes: limits.maxLineBytes)
        partialLineTimeout = .milliseconds(Int64(limits.partialLineTimeoutMilliseconds))
        idleTimeout = limits.idleTimeoutMilliseconds > 0 ? .milliseconds(Int64(limits.idleTimeoutMilliseconds)) : nil
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// The context holds this handler: keeping it past removal would keep both,
    /// and the channel, alive for every connection ever made.
    package func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        cancelTimers()
    }

    package func channelActive(context: ChannelHandlerContext) {
        defer { context.fireChannelActive() }
        if let presetPeer {
            credentialsArrived(presetPeer, context: context)
            return
        }
        let peer = try? context.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
            PeerCredentials.read(fromSocket: $0)
        }
        guard let peer = peer ?? nil else {
            core.logger.warning("could not read the peer credentials of a connection; closing it")
            close()
            return
        }
        credentialsArrived(peer, context: context)
    }

    private func credentialsArrived(_ peer: PeerCredentials, context: ChannelHandlerContext) {
        if let refusal = core.admit(self, peer: peer) {
            // Not counted as a connection: told why, then closed.
            send(RPCResponse.error(id: .null, refusal))
            closeAfterFlush()
            return
        }
        self.peer = peer
        lastRequestAt = context.eventLoop.now
        armIdleTimer()
        // Lines that came before the credentials are answered like any read's.
        runBufferedLines(context: context)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        // Closing, what more the peer sends is dropped, not kept unbounded.
        guard !isClosing else { return }
        let buffer = unwrapInboundIn(data)
        assembler.append(buffer.readableBytesView)
        isReading = true
        if peer != nil { processLines() }
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        isReading = false
        flushIfNeeded(context: context)
        context.fireChannelReadComplete()
    }

    package func read(context: ChannelHandlerContext) {
        guard !isClosing else { return }
        guard context.channel.isWritable else {
            readWithheld = true
            return
        }
        context.read()
    }

    package func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            if heldBatchBytes == 0 { core.forgetBacklog(of: self) }
            // Not from inside whatever flushed (possibly the core delivering
            // events): the lines it runs may change what that is iterating.
            context.eventLoop.assumeIsolated().execute { [self] in catchUp() }
        }
        context.fireChannelWritabilityChanged()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        cancelTimers()
        isClosing = true
        if peer != nil { core.connectionClosed(self) }
        context.fireChannelInactive()
    }

    package func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The peer will send nothing more: answer what it sent, including
            // lines still waiting and answers that come later, then close.
            inputEnded = true
            closeIfFinished()
        }
        context.fireUserInboundEventTriggered(event)
    }

    package func errorCaught(context: ChannelHandlerContext, error: Error) {
        core.logger.debug("connection \(id.rawValue) failed: \(error)")
        close()
    }

    // MARK: lines

    /// The peer read what was queued for it: its waiting lines run, and
    /// reading resumes if NIO asked meanwhile.
    private func catchUp() {
        guard let context, !isClosing, peer != nil, context.channel.isWritable else { return }
        runBufferedLines(context: context)
        if readWithheld, context.channel.isWritable {
            readWithheld = false
            context.read()
        }
    }

    /// Runs the lines already read, outside a read: written during processing
    /// and flushed after the core has committed.
    private func runBufferedLines(context: ChannelHandlerContext) {
        isReading = true
        processLines()
        isReading = false
        flushIfNeeded(context: context)
    }

    private func processLines() {
        var ranALine = false
        while !isClosing {
            guard context?.channel.isWritable == true else {
                linesMayWait = true
                break
            }
            guard let piece = assembler.next() else {
                linesMayWait = false
                break
            }
            switch piece {
            case .line(let line) where LineAssembler.isBlank(line):
                continue
            case .line(let line):
                ranALine = true
                if let context { lastRequestAt = context.eventLoop.now }
                core.handle(line: line, from: self)
            case .tooLong:
                send(RPCResponse.error(id: .null, core.lineTooLongError))
                closeAfterFlush()
                return
            }
        }
        if ranALine {
            // The partial line now left (if any) is a new one: its time starts now.
            partialLineTimer?.cancel()
            partialLineTimer = nil
        }
        updatePartialLineTimer()
        closeIfFinished()
    }

    /// After the peer shut its sending side: closes once no line waits to run
    /// and every request with an id has had its answer.
    private func closeIfFinished() {
        guard inputEnded, !isClosing, !linesMayWait, answersOwed == 0 else { return }
        closeAfterFlush()
    }

    // MARK: writing

    /// Writes one message as a line.
    func send(_ message: JSON, promise: EventLoopPromise<Void>? = nil) {
        var bytes: [UInt8] = []
        message.serialize(into: &bytes)
        bytes.append(0x0A)
        send(line: bytes, promise: promise)
    }

    /// Writes one serialized line (its newline included); flushed at once
    /// unless a read is being processed, in which case the read's end flushes
    /// everything together.
    func send(line bytes: [UInt8], promise: EventLoopPromise<Void>? = nil) {
        guard let context, !isClosing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        write(context.channel.allocator.buffer(bytes: bytes), promise: promise)
    }

    /// Writes to the channel, held for the turn's commit or flushed. A write
    /// that finds the peer already behind adds to its backlog, which the core
    /// bounds; one answer to a peer that keeps up may be as large as it is.
    private func write(_ buffer: ByteBuffer, promise: EventLoopPromise<Void>?) {
        guard let context else { return }
        let wasBehind = !context.channel.isWritable
        if core.isHoldingWrites {
            context.write(wrapOutboundOut(buffer), promise: promise)
            if !isHeld {
                isHeld = true
                core.hold(self)
            }
        } else if isReading {
            context.write(wrapOutboundOut(buffer), promise: promise)
            needsFlush = true
        } else {
            context.writeAndFlush(wrapOutboundOut(buffer), promise: promise)
        }
        guard !context.channel.isWritable else { return }
        fellBehind = true
        core.checkBacklog(of: self, mayClose: wasBehind)
    }

    /// Bytes waiting for the peer: written and not yet taken by the kernel,
    /// and batch answers collected but not written yet.
    var pendingBytes: Int {
        ((try? context?.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0) + heldBatchBytes
    }

    /// A batch's answers grew by `bytes` (negative once written or dropped).
    /// Past the backlog limit the connection is closed, unless the batch has
    /// only one answer so far: one answer may be as large as it is.
    func batchBytesChanged(by bytes: Int, answersSoFar: Int) {
        heldBatchBytes += bytes
        core.checkBacklog(of: self, mayClose: bytes > 0 && answersSoFar > 1)
    }

    /// Sends an event line (`EventLine`), unless more than `limit` events wait
    /// unread: then the subscriber is told why and disconnected.
    func sendEvent(head: ByteBuffer, body: ByteBuffer, limit: Int) {
        guard !isClosing, let context else { return }
        guard unsentEvents < limit else {
            core.logger.notice("connection \(id.rawValue) left more than \(limit) events unread; disconnecting it")
            send(
                RPCResponse.error(
                    id: .null,
                    RPCError(
                        .limitReached,
                        "more than \(limit) events went unread, the limit (limits.max_event_queue); read events as they come or subscribe to fewer",
                        data: ["limit": .string(Limit.maxEventQueue.key)])))
            closeAfterFlush()
            return
        }
        unsentEvents += 1
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in unsentEvents -= 1 }
        context.write(wrapOutboundOut(head), promise: nil)
        write(body, promise: promise)
    }

    private func flushIfNeeded(context: ChannelHandlerContext) {
        if needsFlush && !isHeld {
            needsFlush = false
            context.flush()
        }
    }

    /// The turn's changes are committed: what was written may go out.
    func releaseHeldWrites() {
        isHeld = false
        needsFlush = false
        if closesWhenReleased {
            closesWhenReleased = false
            isClosing = false
            closeAfterFlush()
        } else {
            context?.flush()
        }
    }

    func close() {
        guard !isClosing else { return }
        isClosing = true
        context?.close(promise: nil)
    }

    /// Closes at the next turn, dropping what is queued: for a peer that has
    /// let too much pile up. Nothing more is written meanwhile.
    func abandon() {
        guard !isClosing, let context else { return }
        isClosing = true
        context.eventLoop.assumeIsolated().execute { context.close(promise: nil) }
    }

    /// Closes once what was written so far has gone out, or after two seconds
    /// when the peer does not read it.
    func closeAfterFlush() {
        guard !isClosing, let context else { return }
        if isHeld {
            // The answers written so far wait for the turn's commit; so does the close.
            isClosing = true
            closesWhenReleased = true
            return
        }
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)), promise: promise)
        isClosing = true
        let deadline = context.eventLoop.assumeIsolated().scheduleTask(in: .seconds(2)) {
            context.close(promise: nil)
        }
        promise.futureResult.assumeIsolated().whenComplete { _ in
            deadline.cancel()
            context.close(promise: nil)
        }
    }
}
