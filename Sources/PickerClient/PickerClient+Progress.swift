import PickerProtocol

extension PickerClient {
    /// Sets progress window `window`'s start (`--percentage`) before input
    /// moves it. A window that has already ended is no error: the person's
    /// Cancel (or a timeout) can come before this first update, and the wait
    /// that follows gives its outcome.
    public func start(_ state: ProgressState, of window: WindowID) async throws(PickerClientError) {
        do {
            _ = try await update(window: window, value: state.json)
        } catch .rpc(let refusal) where refusal.code == .alreadyDismissed {
            return
        }
    }

    /// Moves progress window `window` by `input` (`pickerctl progress`,
    /// `pickerd-zenity --progress`): sends the newest state as input changes,
    /// one update at a time, and submits the last one when input ends. The
    /// outcome of the window when it ends first (a cancel, auto-close, a
    /// timeout), or of the submit; nil if `input` stops without an end.
    /// After a restart of pickerd it goes on over the connection that took
    /// the window back (`connections`; without, `.disconnected` ends it).
    public func follow(_ input: ProgressInput, window: WindowID, following connections: AskerConnections? = nil)
        async throws -> Outcome?
    {
        let asker = AskerUpdates(self, following: connections)
        var sent: ProgressState? = nil
        for await _ in input.changes {
            let reading = input.current
            if !reading.isAtEnd, reading.state == sent { continue }
            let value = reading.state.json
            let submitted: Outcome?
            do {
                if reading.isAtEnd {
                    submitted = try await asker.send(Submit(window: window, value: value))
                } else {
                    _ = try await asker.send(Update(window: window, value: value))
                    submitted = nil
                }
            } catch {
                // The window ended meanwhile (cancelled, auto-closed): its outcome.
                guard case .rpc(let refusal) = error, refusal.code == .alreadyDismissed else { throw error }
                return try await asker.client.wait(window: window)
            }
            if let submitted { return submitted }
            sent = reading.state
        }
        return nil
    }
}
