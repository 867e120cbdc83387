/// The connections a window's asker gets back across restarts of pickerd
/// (`PickerClient.outcomeSurvivingRestarts`), each handed on once its `wait`
/// is written, so that the connection is the window's asker again before
/// anything is sent on it: for a task that moves the window meanwhile
/// (`pickerctl form`'s progress field, `follow`).
public struct AskerConnections: Sendable {
    private let stream: AsyncStream<PickerClient>
    private let continuation: AsyncStream<PickerClient>.Continuation

    public init() {
        // Only the newest counts: one that came before it is closed already.
        (stream, continuation) = AsyncStream<PickerClient>.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// The next connection handed on (the newest, if several came meanwhile);
    /// nil once no more can come, or the task is cancelled.
    public func next() async -> PickerClient? {
        var iterator = stream.makeAsyncIterator()
        return await iterator.next()
    }

    func hand(_ client: PickerClient) { continuation.yield(client) }

    /// No connection comes any more: the wait for the outcome has ended.
    func finish() { continuation.finish() }
}
