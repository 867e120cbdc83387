import NIOCore
import PickerJSON
import PickerProtocol

/// What a connection writes, and how: held for the turn's commit and gathered
/// into one buffer, or queued behind an answer being built or a peer that is
/// behind, with that peer's backlog counted.
extension ConnectionHandler {
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
    func writeGathered() {
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
    func writeQueued() {
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
}
