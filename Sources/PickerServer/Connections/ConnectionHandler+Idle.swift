import NIOCore

/// How long a connection that holds nothing may stay idle.
extension ConnectionHandler {
    /// Closes the connection once it has gone `idle_timeout_ms` without a
    /// request while holding nothing the core keeps for it.
    func armIdleTimer() {
        guard let idleTimeout, let context, !isClosing else { return }
        let due = lastRequestAt + idleTimeout
        idleTimer = context.eventLoop.assumeIsolated().scheduleTask(deadline: due) { [self] in
            idleTimer = nil
            guard let context = self.context, !isClosing else { return }
            if context.eventLoop.now >= lastRequestAt + idleTimeout, core.holdsNothing(for: self) {
                core.logger.debug(
                    "connection \(id.rawValue) was idle for \(idleTimeout.nanoseconds / 1_000_000) ms (limits.idle_timeout_ms); closing it"
                )
                close()
            } else {
                if context.eventLoop.now >= lastRequestAt + idleTimeout { lastRequestAt = context.eventLoop.now }
                armIdleTimer()
            }
        }
    }

    func cancelIdleTimer() {
        idleTimer?.cancel()
        idleTimer = nil
    }
}
