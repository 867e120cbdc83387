import NIOCore
import PickerCore
import PickerProtocol

/// Requests waiting for a window's outcome (`wait`, `present` with `wait: true`).
/// Adding and removing one is constant time, however many wait.
struct WaiterRegistry {
    struct Waiter {
        var window: WindowID
        var reply: ResponseSink
        var uid: UInt32
        var timeout: Scheduled<Void>?
    }

    /// By token; tokens grow, so their order is the order of waiting.
    private var waiters: [UInt64: Waiter] = [:]
    private var tokensByWindow: [WindowID: Set<UInt64>] = [:]
    private var tokensByConnection: [ConnectionID: Set<UInt64>] = [:]
    private var countByUser: [UInt32: Int] = [:]
    private var nextToken: UInt64 = 1

    var count: Int { waiters.count }

    func count(of connection: ConnectionID) -> Int {
        tokensByConnection[connection]?.count ?? 0
    }

    func count(ownedBy uid: UInt32) -> Int {
        countByUser[uid] ?? 0
    }

    mutating func add(window: WindowID, reply: ResponseSink, uid: UInt32) -> UInt64 {
        let token = nextToken
        nextToken += 1
        waiters[token] = Waiter(window: window, reply: reply, uid: uid)
        tokensByWindow[window, default: []].insert(token)
        tokensByConnection[reply.connection.id, default: []].insert(token)
        countByUser[uid, default: 0] += 1
        return token
    }

    mutating func setTimeout(_ task: Scheduled<Void>, token: UInt64) {
        waiters[token]?.timeout = task
    }

    mutating func remove(token: UInt64) -> Waiter? {
        guard let waiter = waiters.removeValue(forKey: token) else { return nil }
        Self.take(token, from: &tokensByWindow, at: waiter.window)
        Self.take(token, from: &tokensByConnection, at: waiter.reply.connection.id)
        let left = countByUser[waiter.uid, default: 1] - 1
        countByUser[waiter.uid] = left == 0 ? nil : left
        return waiter
    }

    /// Takes everyone waiting on the window, in the order they began, with
    /// their timeouts cancelled; the caller answers them.
    mutating func resolve(window: WindowID) -> [Waiter] {
        guard let tokens = tokensByWindow[window] else { return [] }
        return tokens.sorted().compactMap { token in
            let waiter = remove(token: token)
            waiter?.timeout?.cancel()
            return waiter
        }
    }

    /// Forgets the waiters of a closed connection.
    mutating func removeAll(of connection: ConnectionID) {
        for token in tokensByConnection[connection] ?? [] {
            remove(token: token)?.timeout?.cancel()
        }
    }

    private static func take<Key: Hashable>(_ token: UInt64, from index: inout [Key: Set<UInt64>], at key: Key) {
        index[key]?.remove(token)
        if index[key]?.isEmpty == true { index[key] = nil }
    }
}
