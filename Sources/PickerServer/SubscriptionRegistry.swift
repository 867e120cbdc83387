import PickerCore
import PickerJSON
import PickerProtocol

/// Event subscriptions: each filters by event type prefix and by window.
struct SubscriptionRegistry {
    struct Subscription {
        var id: String
        var connection: ConnectionID
        /// Type names or prefixes (`window.`); empty means every event.
        var types: [String]
        /// Windows of interest; empty means all.
        var windows: Set<WindowID>
        /// Events are delivered at the end of an event-loop turn; one that
        /// happened before the subscription in the same turn is not for it.
        var firstSequence: UInt64

        func matches(_ event: PickerEvent) -> Bool {
            event.seq >= firstSequence
                && (types.isEmpty || types.contains { event.kind.rawValue.hasPrefix($0) })
                && (windows.isEmpty || windows.contains(event.window))
        }
    }

    private var subscriptions: [String: Subscription] = [:]
    private var nextNumber: UInt64 = 1

    var count: Int { subscriptions.count }

    func count(of connection: ConnectionID) -> Int {
        subscriptions.values.filter { $0.connection == connection }.count
    }

    mutating func add(connection: ConnectionID, types: [String], windows: Set<WindowID>, firstSequence: UInt64) -> String {
        let id = "s\(nextNumber)"
        nextNumber += 1
        subscriptions[id] = Subscription(
            id: id, connection: connection, types: types, windows: windows, firstSequence: firstSequence)
        return id
    }

    /// Removes a subscription of this connection; false if it has none by that id.
    mutating func remove(_ id: String, of connection: ConnectionID) -> Bool {
        guard subscriptions[id]?.connection == connection else { return false }
        subscriptions[id] = nil
        return true
    }

    mutating func removeAll(of connection: ConnectionID) {
        subscriptions = subscriptions.filter { $0.value.connection != connection }
    }

    /// Sends the event to every matching subscription, in subscription order.
    func deliver(_ event: PickerEvent, limit: Int, to connections: [ConnectionID: ConnectionHandler]) {
        guard !subscriptions.isEmpty else { return }
        for subscription in subscriptions.values where subscription.matches(event) {
            guard let connection = connections[subscription.connection] else { continue }
            var params: JSONObject = [
                "subscription": .string(subscription.id), "seq": .integer(Int64(event.seq)),
                "type": .string(event.kind.rawValue), "window": .string(event.window.rawValue),
            ]
            for member in event.fields { params[member.key] = member.value }
            connection.sendEvent(RPCResponse.event(params), limit: limit)
        }
    }
}
