import NIOCore
import PickerProtocol

/// Cuts a connection's bytes into lines (`LineAssembler`) and passes them on
/// one by one, blank lines left out. It owns the two things that belong to
/// framing rather than to requests:
///
/// - **Pace.** Lines go on only while the peer reads what is written back (the
///   channel is writable). When it falls behind, the lines already read wait
///   here and no more bytes are read, until it catches up.
/// - **The partial-line timer.** A line may take `partialLineTimeout` from its
///   first byte to its end; past that the pipeline gets
///   `LineFramingError.partialLineTimedOut`. Lines waiting for the peer to
///   catch up are not partial.
///
/// After an overlong line (`.tooLong`) nothing more is passed on: the
/// connection answers it and closes. The peer shutting its sending side
/// (`ChannelEvent.inputClosed`) is passed on once every line before it was.
final class LineFramingHandler: ChannelDuplexHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = LineAssembler.Piece
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private var assembler: LineAssembler
    private let partialLineTimeout: TimeAmount
    private var partialLineTimer: Scheduled<Void>?
    /// Complete lines are held because the peer is behind.
    private var linesWait = false
    /// A read asked for while the peer was behind; done once it catches up.
    private var readWithheld = false
    /// The peer's end of input, passed on once no line waits.
    private var inputClosedWaits = false
    /// An overlong line was passed on: nothing more is.
    private var isFinished = false

    init(maxLineBytes: Int, partialLineTimeout: TimeAmount) {
        assembler = LineAssembler(maxLineBytes: maxLineBytes)
        self.partialLineTimeout = partialLineTimeout
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        partialLineTimer?.cancel()
        partialLineTimer = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !isFinished else { return }
        assembler.append(unwrapInboundIn(data).readableBytesView)
        passLinesOn(context: context)
    }

    func read(context: ChannelHandlerContext) {
        guard context.channel.isWritable else {
            readWithheld = true
            return
        }
        context.read()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        context.fireChannelWritabilityChanged()
        guard context.channel.isWritable else { return }
        // Not from inside whatever flushed (possibly the core delivering
        // events): the lines passed on may change what that is iterating.
        context.eventLoop.assumeIsolated().execute { [self] in catchUp(context: context) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed, linesWait {
            inputClosedWaits = true
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partialLineTimer?.cancel()
        partialLineTimer = nil
        context.fireChannelInactive()
    }

    /// The peer read what was queued for it: the lines that waited go on, as
    /// one read of their own, and reading resumes if it was asked for.
    private func catchUp(context: ChannelHandlerContext) {
        guard context.channel.isActive, context.channel.isWritable else { return }
        if linesWait {
            passLinesOn(context: context)
            context.fireChannelReadComplete()
        }
        if inputClosedWaits, !linesWait {
            inputClosedWaits = false
            context.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        }
        if readWithheld, context.channel.isWritable {
            readWithheld = false
            // From the tail, so a connection that is closing meanwhile can refuse it.
            context.channel.read()
        }
    }

    private func passLinesOn(context: ChannelHandlerContext) {
        var passedALine = false
        linesWait = false
        while !isFinished {
            guard context.channel.isWritable else {
                linesWait = true
                break
            }
            guard let piece = assembler.next() else { break }
            if case .line(let line) = piece {
                if LineAssembler.isBlank(line) { continue }
                passedALine = true
            } else {
                isFinished = true
            }
            context.fireChannelRead(wrapInboundOut(piece))
        }
        if passedALine {
            // The partial line now left (if any) is a new one: its time starts now.
            partialLineTimer?.cancel()
            partialLineTimer = nil
        }
        updatePartialLineTimer(context: context)
    }

    /// A partial line may wait for its end from its first byte, not from the
    /// latest; the timer runs only while a line is partial and not waiting.
    private func updatePartialLineTimer(context: ChannelHandlerContext) {
        guard assembler.hasPartialLine, !linesWait, !isFinished, context.channel.isActive else {
            partialLineTimer?.cancel()
            partialLineTimer = nil
            return
        }
        guard partialLineTimer == nil else { return }
        partialLineTimer = context.eventLoop.assumeIsolated().scheduleTask(in: partialLineTimeout) { [self] in
            partialLineTimer = nil
            context.fireErrorCaught(LineFramingError.partialLineTimedOut)
        }
    }
}

/// What `LineFramingHandler` reports through `errorCaught`.
enum LineFramingError: Error, Equatable {
    /// A line did not end within `partial_line_timeout_ms` of its first byte.
    case partialLineTimedOut
}
