/// The events of one subscription, in the order the daemon sent them. The
/// sequence ends when the connection does.
public struct EventSubscription: AsyncSequence, Sendable {
    public typealias Element = ClientEvent

    public let id: String
    let stream: AsyncStream<ClientEvent>

    public func makeAsyncIterator() -> AsyncStream<ClientEvent>.Iterator {
        stream.makeAsyncIterator()
    }
}
