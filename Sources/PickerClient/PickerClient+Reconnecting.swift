import PickerProtocol

extension PickerClient {
    /// The window's outcome once it ends, also across a restart of pickerd:
    /// when the connection ends, it connects again (every 100 ms) and waits
    /// again, for up to `limit` from the moment the connection was lost. The
    /// daemon keeps the window for its asker meanwhile (`windows.reattach_ms`,
    /// counted from its restart), and the new wait adopts it, so the outcome
    /// comes back exactly once. `timeoutMilliseconds` bounds the whole wait,
    /// outages included (then `.rpc` with -32003).
    ///
    /// `reconnecting` is told once each time the connection is lost.
    /// Connections made here are closed before it returns; this one is not.
    /// Each is handed to `connections` once its wait is written (the window
    /// is then its own again), for a task that moves the window meanwhile.
    /// Cancelling the task ends it at once, as `wait`, dismissing the window
    /// with `dismissingOnCancel` (unless it happens while pickerd is away).
    public func outcomeSurvivingRestarts(
        of window: WindowID, reconnectingFor limit: Duration, timeoutMilliseconds: Int64? = nil,
        dismissingOnCancel: Bool = false, handingOnTo connections: AskerConnections? = nil,
        reconnecting: () -> Void = {}
    ) async throws(PickerClientError) -> Outcome {
        let clock = ContinuousClock()
        let waitEnds = timeoutMilliseconds.map { clock.now + .milliseconds($0) }
        var client = self
        var reconnected = false
        /// When the connection was lost, until a wait holds for a second again.
        var outageStarted: ContinuousClock.Instant?
        defer {
            connections?.finish()
            if client !== self { client.close() }
        }
        while true {
            let started = clock.now
            do {
                let remaining = waitEnds.map { max(1, Int64(($0 - clock.now) / .milliseconds(1))) }
                // A new connection is handed on; the first is the mover's own already.
                let handed = reconnected ? client : nil
                return try await client.wait(
                    window: window, timeoutMilliseconds: remaining, dismissingOnCancel: dismissingOnCancel
                ) { if let handed { connections?.hand(handed) } }
            } catch .disconnected {
                if outageStarted == nil || clock.now - started > .seconds(1) {
                    outageStarted = clock.now
                    reconnecting()
                }
            } catch .rpc(let error) where error.code == .noSuchWindow && reconnected {
                throw .windowLost(window)
            }
            if client !== self { client.close() }
            var gives = outageStarted! + limit
            var timesOut = false
            if let waitEnds, waitEnds < gives {
                gives = waitEnds
                timesOut = true
            }
            // Not at once: a daemon that accepts and drops the connection
            // (it is full) is tried again no faster than a missing one.
            if reconnected { try? await Task.sleep(for: .milliseconds(100)) }
            guard let next = await connectAgain(until: gives) else {
                if Task.isCancelled { throw .cancelled }
                if timesOut {
                    throw .rpc(
                        RPCError(
                            .waitTimedOut,
                            "wait timed out after \(timeoutMilliseconds ?? 0) ms; window \(window) may still be open"))
                }
                throw .daemonGone(window: window, seconds: Int(limit.components.seconds))
            }
            client = next
            reconnected = true
        }
    }

    /// A new connection to the same socket, tried every 100 ms until `deadline`;
    /// nil when none could be made by then, or the task is cancelled.
    private func connectAgain(until deadline: ContinuousClock.Instant) async -> PickerClient? {
        let clock = ContinuousClock()
        while !Task.isCancelled {
            if let client = try? PickerClient.connect(socketPath: socketPath, trustedUIDs: trustedUIDs) {
                // Through ssh the connection is made before the far side is
                // known to be there: a ping says it is, so that an ssh that
                // fails at once counts as a try, not as a lost connection.
                if (try? await client.ping()) != nil { return client }
                client.close()
            }
            guard clock.now < deadline else { return nil }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }
}
