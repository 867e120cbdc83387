import PickerProtocol

extension PickerClient {
    /// The window's outcome once it ends, also across a restart of pickerd:
    /// when the connection ends, it connects again (every 100 ms, for up to
    /// `limit`) and waits again. The daemon keeps the window for its asker
    /// meanwhile (`windows.reattach_ms`, counted from its restart), and the
    /// new wait adopts it, so the outcome comes back exactly once.
    ///
    /// `reconnecting` is told once each time the connection is lost.
    /// Connections made here are closed before it returns; this one is not.
    public func outcomeSurvivingRestarts(
        of window: WindowID, reconnectingFor limit: Duration, timeoutMilliseconds: Int64? = nil,
        reconnecting: () -> Void = {}
    ) async throws(PickerClientError) -> Outcome {
        let clock = ContinuousClock()
        let waitEnds = timeoutMilliseconds.map { clock.now + .milliseconds($0) }
        var client = self
        var reconnected = false
        defer { if client !== self { client.close() } }
        while true {
            let remaining = waitEnds.map { max(1, Int64(($0 - clock.now) / .milliseconds(1))) }
            do {
                return try await client.wait(window: window, timeoutMilliseconds: remaining)
            } catch .disconnected {
                reconnecting()
            } catch .rpc(let error) where error.code == .noSuchWindow && reconnected {
                throw .windowLost(window)
            }
            if client !== self { client.close() }
            client = try await connectAgain(within: limit, waitingOn: window)
            reconnected = true
        }
    }

    /// A new connection to the same socket, trying every 100 ms for up to `limit`.
    private func connectAgain(within limit: Duration, waitingOn window: WindowID) async throws(PickerClientError) -> PickerClient {
        let clock = ContinuousClock()
        let gives = clock.now + limit
        while true {
            do {
                return try PickerClient.connect(socketPath: socketPath, trustedUIDs: trustedUIDs)
            } catch .unreachable {
                guard clock.now < gives else {
                    throw .daemonGone(window: window, seconds: Int(limit.components.seconds))
                }
                try? await Task.sleep(for: .milliseconds(100))
            }
        }
    }
}
