import CPickerSystem
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
final class ConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let id: ConnectionID
    private let core: DaemonCore
    private let partialLineTimeout: TimeAmount
    private var assembler: LineAssembler
    private var context: ChannelHandlerContext?
    private(set) var peer: PeerCredentials?
    private var partialLineTimer: Scheduled<Void>?
    private var isReading = false
    private var needsFlush = false
    /// Written during a turn whose commit has not happened yet (see DaemonCore.beginTurn).
    private var isHeld = false
    private var closesWhenReleased = false
    private(set) var isClosing = false
    /// Events written to the socket buffer but not yet taken by the kernel.
    private(set) var unsentEvents = 0

    /// Credentials given instead of read from the socket (EmbeddedDaemon).
    private let presetPeer: PeerCredentials?

    init(id: ConnectionID, core: DaemonCore, limits: DaemonConfiguration.Limits, peer: PeerCredentials? = nil) {
        self.id = id
        presetPeer = peer
        self.core = core
        assembler = LineAssembler(maxLineBytes: limits.maxLineBytes)
        partialLineTimeout = .milliseconds(limits.partialLineTimeoutMilliseconds)
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    /// The context holds this handler: keeping it past removal would keep both,
    /// and the channel, alive for every connection ever made.
    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        partialLineTimer?.cancel()
        partialLineTimer = nil
    }

    func channelActive(context: ChannelHandlerContext) {
        defer { context.fireChannelActive() }
        if let presetPeer {
            credentialsArrived(presetPeer, context: context)
            return
        }
        guard let provider = context.channel as? SocketOptionProvider else {
            close()
            return
        }
        let credentials: EventLoopFuture<picker_peer_credentials> = provider.unsafeGetSocketOption(
            level: .socket, name: NIOBSDSocket.Option(rawValue: SO_PEERCRED))
        credentials.assumeIsolated().whenComplete { [self] result in
            guard case .success(let credentials) = result else {
                core.logger.warning("could not read the peer credentials of a connection; closing it")
                close()
                return
            }
            var peer = PeerCredentials(uid: credentials.uid, gid: credentials.gid, pid: credentials.pid)
            if core.policy.hasGroupRules { peer.lookUpGroups() }
            credentialsArrived(peer, context: context)
        }
    }

    private func credentialsArrived(_ peer: PeerCredentials, context: ChannelHandlerContext) {
        self.peer = peer
        core.connectionOpened(self)
        // Lines that came before the credentials: answered like any read's,
        // written during processing and flushed after the core has committed.
        isReading = true
        processLines()
        isReading = false
        if needsFlush && !isHeld {
            needsFlush = false
            context.flush()
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let buffer = unwrapInboundIn(data)
        assembler.append(buffer.readableBytesView)
        isReading = true
        if peer != nil { processLines() }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        isReading = false
        if needsFlush && !isHeld {
            needsFlush = false
            context.flush()
        }
        context.fireChannelReadComplete()
    }

    func channelInactive(context: ChannelHandlerContext) {
        partialLineTimer?.cancel()
        partialLineTimer = nil
        isClosing = true
        if peer != nil { core.connectionClosed(self) }
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed {
            // The peer will send nothing more: answer what it sent, then close.
            closeAfterFlush()
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        core.logger.debug("connection \(id.rawValue) failed: \(error)")
        close()
    }

    private func processLines() {
        while !isClosing, let piece = assembler.next() {
            switch piece {
            case .line(let line) where LineAssembler.isBlank(line):
                continue
            case .line(let line):
                core.handle(line: line, from: self)
            case .tooLong:
                send(RPCResponse.error(id: .null, core.lineTooLongError))
                closeAfterFlush()
                return
            }
        }
        updatePartialLineTimer()
    }

    /// A partial line may wait `partial_line_timeout_ms` for its end, counted from
    /// its first byte, not from the latest.
    private func updatePartialLineTimer() {
        guard assembler.hasPartialLine, !isClosing else {
            partialLineTimer?.cancel()
            partialLineTimer = nil
            return
        }
        guard partialLineTimer == nil, let context else { return }
        partialLineTimer = context.eventLoop.assumeIsolated().scheduleTask(in: partialLineTimeout) { [self] in
            core.logger.debug("connection \(id.rawValue) held a partial line too long; closing it")
            close()
        }
    }

    // MARK: writing

    /// Writes one message as a line; flushed at once unless a read is being
    /// processed, in which case the read's end flushes everything together.
    func send(_ message: JSON, promise: EventLoopPromise<Void>? = nil) {
        guard let context, !isClosing else {
            promise?.fail(ChannelError.ioOnClosedChannel)
            return
        }
        var bytes: [UInt8] = []
        message.serialize(into: &bytes)
        bytes.append(0x0A)
        let buffer = context.channel.allocator.buffer(bytes: bytes)
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
    }

    /// Sends an event, unless more than `limit` events wait unread: then the
    /// subscriber is told why and disconnected. Returns whether it stays.
    @discardableResult
    func sendEvent(_ message: JSON, limit: Int) -> Bool {
        guard !isClosing, let context else { return false }
        guard unsentEvents < limit else {
            core.logger.notice("connection \(id.rawValue) left more than \(limit) events unread; disconnecting it")
            send(
                RPCResponse.error(
                    id: .null,
                    RPCError(
                        .limitReached,
                        "more than \(limit) events went unread, the limit (limits.max_event_queue); read events as they come or subscribe to fewer"
                    )))
            closeAfterFlush()
            return false
        }
        unsentEvents += 1
        let promise = context.eventLoop.makePromise(of: Void.self)
        promise.futureResult.assumeIsolated().whenComplete { [self] _ in unsentEvents -= 1 }
        send(message, promise: promise)
        return true
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
