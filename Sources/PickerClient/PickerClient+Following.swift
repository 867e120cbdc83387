import PickerProtocol

/// What following pickerd yields: each new subscribed connection, every event
/// it sends, and the loss of the connection with why.
public enum Following: Sendable {
    case connected(PickerClient)
    case event(Event)
    case disconnected(String)
}

extension PickerClient {
    /// Follows pickerd for a front-end that stays up longer than the daemon
    /// may (`pickerctl ui`, `pickerctl notify`, pickerweb): connects,
    /// subscribes to every event and yields them; when the connection ends
    /// (pickerd stopped or restarted) it says why and tries again every
    /// `retry`. It ends when the stream is dropped or the task reading it is
    /// cancelled.
    ///
    /// A connection is closed once it is lost: after `.disconnected` the
    /// client that `.connected` gave only fails its calls. `client` names the
    /// front-end in `hello`, which pickerd records as the `by.client` of what
    /// it answers (`history`'s audit trail).
    public static func following(
        socketPath: String?, client name: String? = nil, retryingEvery retry: Duration = .milliseconds(300)
    ) -> AsyncStream<Following> {
        let (stream, continuation) = AsyncStream<Following>.makeStream()
        let task = Task {
            while !Task.isCancelled {
                do {
                    let client = try PickerClient.connect(socketPath: socketPath)
                    defer { client.close() }
                    if let name { _ = try await client.hello(client: name) }
                    let events = try await client.subscribe()
                    continuation.yield(.connected(client))
                    for await event in events { continuation.yield(.event(event)) }
                    continuation.yield(.disconnected("the connection ended"))
                } catch {
                    continuation.yield(.disconnected("\(error)"))
                }
                try? await Task.sleep(for: retry)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
