import NIOCore
import PickerCore
import PickerProtocol

/// Requests waiting for a window's outcome (`wait`, `present` with `wait: true`).
/// Adding and removing one is constant time, however many wait, and their
/// timeouts are one heap rather than a timer each, so the core can time out
/// 60,000 of them a slice at a time (`DaemonCore.expireWaiters`) instead of
/// in one loop iteration.
struct WaiterRegistry {
    struct Waiter {
        var window: WindowID
        var reply: ResponseSink
        var uid: UInt32
        var timeout: Timeout?
    }

    /// When a waiter gives up, and what it asked for (said in the error).
    struct Timeout {
        var at: NIODeadline
        var milliseconds: Int64
    }

    /// By token; tokens grow, so their order is the order of waiting.
    private var waiters: [UInt64: Waiter] = [:]
    private var tokensByWindow: [WindowID: Set<UInt64>] = [:]
    private var tokensByConnection: [ConnectionID: Set<UInt64>] = [:]
    private var countByUser: [UInt32: Int] = [:]
    private var nextToken: UInt64 = 1
    /// Timeouts by (deadline, token): those due together expire in the order
    /// they began waiting. A waiter answered earlier leaves its entry behind,
    /// skipped when popped.
    private var expiries = MinHeap<Expiry>()

    private struct Expiry: Comparable {
        var at: NIODeadline
        var token: UInt64
        static func < (lhs: Expiry, rhs: Expiry) -> Bool { (lhs.at, lhs.token) < (rhs.at, rhs.token) }
    }

    var count: Int { waiters.count }

    func count(of connection: ConnectionID) -> Int {
        tokensByConnection[connection]?.count ?? 0
    }

    func count(ownedBy uid: UInt32) -> Int {
        countByUser[uid] ?? 0
    }

    mutating func add(window: WindowID, reply: ResponseSink, uid: UInt32, timeout: Timeout? = nil) {
        let token = nextToken
        nextToken += 1
        waiters[token] = Waiter(window: window, reply: reply, uid: uid, timeout: timeout)
        if let timeout { expiries.insert(Expiry(at: timeout.at, token: token)) }
        tokensByWindow[window, default: []].insert(token)
        tokensByConnection[reply.connection.id, default: []].insert(token)
        countByUser[uid, default: 0] += 1
    }

    /// The earliest timeout still waiting, if any.
    mutating func earliestTimeout() -> NIODeadline? {
        dropAnswered()
        return expiries.min?.at
    }

    /// Takes the waiter whose timeout is due at `now`, earliest first (then in
    /// the order they began waiting), if any; the caller answers it.
    mutating func takeTimedOut(at now: NIODeadline) -> Waiter? {
        while let first = expiries.min, first.at <= now {
            expiries.removeMin()
            if let waiter = remove(token: first.token) { return waiter }
        }
        return nil
    }

    /// Pops entries of waiters already answered, so the earliest is a live one.
    private mutating func dropAnswered() {
        while let first = expiries.min, waiters[first.token] == nil { expiries.removeMin() }
        // Entries left by answered waiters: rebuilt once they are most of it.
        if expiries.count > 64, expiries.count > 2 * waiters.count {
            expiries = MinHeap(expiries.unordered.filter { waiters[$0.token] != nil })
        }
    }

    @discardableResult
    mutating func remove(token: UInt64) -> Waiter? {
        guard let waiter = waiters.removeValue(forKey: token) else { return nil }
        Self.take(token, from: &tokensByWindow, at: waiter.window)
        Self.take(token, from: &tokensByConnection, at: waiter.reply.connection.id)
        let left = countByUser[waiter.uid, default: 1] - 1
        countByUser[waiter.uid] = left == 0 ? nil : left
        return waiter
    }

    /// Takes everyone waiting on the window, in the order they began; the
    /// caller answers them.
    mutating func resolve(window: WindowID) -> [Waiter] {
        guard let tokens = tokensByWindow[window] else { return [] }
        return tokens.sorted().compactMap { remove(token: $0) }
    }

    /// Forgets the waiters of a closed connection.
    mutating func removeAll(of connection: ConnectionID) {
        for token in tokensByConnection[connection] ?? [] { remove(token: token) }
    }

    private static func take<Key: Hashable>(_ token: UInt64, from index: inout [Key: Set<UInt64>], at key: Key) {
        index[key]?.remove(token)
        if index[key]?.isEmpty == true { index[key] = nil }
    }
}
