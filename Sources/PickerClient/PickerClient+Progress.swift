import PickerProtocol

extension PickerClient {
    /// Moves progress window `window` by `input` (`pickerctl progress`,
    /// `pickerd-zenity --progress`): sends the newest state as input changes,
    /// one update at a time, and submits the last one when input ends. The
    /// outcome of the window when it ends first (a cancel, auto-close, a
    /// timeout), or of the submit; nil if `input` stops without an end.
    public func follow(_ input: ProgressInput, window: WindowID) async throws -> Outcome? {
        var sent: ProgressState? = nil
        for await _ in input.changes {
            let reading = input.current
            if reading.isAtEnd {
                return try await ended(window) { try await submit(window: window, value: reading.state.json) }
            }
            if reading.state == sent { continue }
            let value = reading.state.json
            if let outcome = try await ended(
                window,
                after: {
                    _ = try await update(window: window, value: value)
                    return nil
                })
            {
                return outcome
            }
            sent = reading.state
        }
        return nil
    }

    /// Runs `request`; when the window has ended meanwhile (cancelled,
    /// auto-closed), its outcome instead.
    private func ended(_ window: WindowID, after request: () async throws -> Outcome?) async throws -> Outcome? {
        do {
            return try await request()
        } catch PickerClientError.rpc(let refusal) where refusal.code == .alreadyDismissed {
            return try await wait(window: window)
        }
    }
}
