import NIOCore
import PickerCore
import PickerJSON
import PickerProtocol

/// Event subscriptions: each filters by event type prefix and by window.
struct SubscriptionRegistry {
    struct Subscription {
        var id: String
        var connection: ConnectionID
        var uid: UInt32
        /// The event types it asked for (by names or prefixes like `window.`).
        var kinds: Set<PickerEvent.Kind>
        /// Windows of interest; empty means all. Events of the daemon as a
        /// whole (`quiet.changed`) pass it: they concern every window.
        var windows: Set<WindowID>
        /// Events are delivered at the end of an event-loop turn; one that
        /// happened before the subscription in the same turn is not for it.
        var firstSequence: UInt64
        /// The start of its event lines (`EventLine.head`).
        var head: ByteBuffer

        func matches(_ event: PickerEvent) -> Bool {
            event.seq >= firstSequence
                && kinds.contains(event.kind)
                && (windows.isEmpty || event.window.map(windows.contains) ?? true)
        }
    }

    private var subscriptions: [String: Subscription] = [:]
    private var idsByConnection: [ConnectionID: Set<String>] = [:]
    private var countByUser: [UInt32: Int] = [:]
    private var nextNumber: UInt64 = 1
    private let allocator = ByteBufferAllocator()

    var count: Int { subscriptions.count }

    func count(of connection: ConnectionID) -> Int {
        idsByConnection[connection]?.count ?? 0
    }

    func count(ownedBy uid: UInt32) -> Int {
        countByUser[uid] ?? 0
    }

    mutating func add(
        connection: ConnectionID, uid: UInt32, kinds: Set<PickerEvent.Kind>, windows: Set<WindowID>,
        firstSequence: UInt64
    ) -> String {
        let id = "s\(nextNumber)"
        nextNumber += 1
        subscriptions[id] = Subscription(
            id: id, connection: connection, uid: uid, kinds: kinds, windows: windows, firstSequence: firstSequence,
            head: allocator.buffer(bytes: EventLine.head(subscription: id)))
        idsByConnection[connection, default: []].insert(id)
        countByUser[uid, default: 0] += 1
        return id
    }

    /// Removes a subscription of this connection; false if it has none by that id.
    mutating func remove(_ id: String, of connection: ConnectionID) -> Bool {
        guard let subscription = subscriptions[id], subscription.connection == connection else { return false }
        subscriptions[id] = nil
        idsByConnection[connection]?.remove(id)
        if idsByConnection[connection]?.isEmpty == true { idsByConnection[connection] = nil }
        let left = countByUser[subscription.uid, default: 1] - 1
        countByUser[subscription.uid] = left == 0 ? nil : left
        return true
    }

    mutating func removeAll(of connection: ConnectionID) {
        for id in idsByConnection[connection] ?? [] { _ = remove(id, of: connection) }
    }

    /// Sends the event to every matching subscription. Its body is serialized
    /// once, on the first match, and shared by all.
    func deliver(_ event: PickerEvent, limit: Int, to connections: [ConnectionID: any Connection]) {
        guard !subscriptions.isEmpty else { return }
        var body: ByteBuffer?
        for subscription in subscriptions.values where subscription.matches(event) {
            guard let connection = connections[subscription.connection] else { continue }
            if body == nil { body = allocator.buffer(bytes: EventLine.body(of: event)) }
            connection.sendEvent(head: subscription.head, body: body!, limit: limit)
        }
    }
}
