import PickerProtocol

/// The events of one subscription, in the order the daemon sent them. The
/// sequence ends when the connection does.
public struct EventSubscription: AsyncSequence, Sendable {
    public typealias Element = Event

    public let id: String
    let stream: AsyncStream<Event>

    public func makeAsyncIterator() -> AsyncStream<Event>.Iterator {
        stream.makeAsyncIterator()
    }
}
