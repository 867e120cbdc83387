import NIOCore

/// A connection's two clocks: how long a partial line may wait for its end,
/// and how long a connection that holds nothing may stay idle.
extension ConnectionHandler {
    /// A partial line may wait `partial_line_timeout_ms` for its end, counted from
    /// its first byte, not from the latest. Lines waiting for the peer to read
    /// its answers are not partial.
    func updatePartialLineTimer() {
        guard assembler.hasPartialLine, !isClosing, context?.channel.isWritable == true else {
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

    /// Closes the connection once it has gone `idle_timeout_ms` without a
    /// request while holding nothing the core keeps for it.
    func armIdleTimer() {
        guard let idleTimeout, let context, !isClosing else { return }
        let due = lastRequestAt + idleTimeout
        idleTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            idleTimer = nil
            guard let context = self.context, !isClosing else { return }
            if context.eventLoop.now >= lastRequestAt + idleTimeout, core.holdsNothing(for: self) {
                core.logger.debug("connection \(id.rawValue) was idle for \(idleTimeout.nanoseconds / 1_000_000) ms (limits.idle_timeout_ms); closing it")
                close()
            } else {
                if context.eventLoop.now >= lastRequestAt + idleTimeout { lastRequestAt = context.eventLoop.now }
                armIdleTimer()
            }
        }
    }

    func cancelTimers() {
        partialLineTimer?.cancel()
        partialLineTimer = nil
        idleTimer?.cancel()
        idleTimer = nil
    }
}
