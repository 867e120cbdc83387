import NIOCore
import PickerCore

/// Requests waiting for a window's outcome (`wait`, `present` with `wait: true`).
struct WaiterRegistry {
    struct Waiter {
        var token: UInt64
        var window: WindowID
        var reply: ResponseSink
        var timeout: Scheduled<Void>?
    }

    private var byWindow: [WindowID: [Waiter]] = [:]
    private var windowByToken: [UInt64: WindowID] = [:]
    private var nextToken: UInt64 = 1

    var count: Int { windowByToken.count }

    mutating func add(window: WindowID, reply: ResponseSink) -> UInt64 {
        let token = nextToken
        nextToken += 1
        byWindow[window, default: []].append(Waiter(token: token, window: window, reply: reply))
        windowByToken[token] = window
        return token
    }

    mutating func setTimeout(_ task: Scheduled<Void>, token: UInt64) {
        guard let window = windowByToken[token], let index = byWindow[window]?.firstIndex(where: { $0.token == token })
        else { return }
        byWindow[window]![index].timeout = task
    }

    mutating func remove(token: UInt64) -> Waiter? {
        guard let window = windowByToken.removeValue(forKey: token),
            let index = byWindow[window]?.firstIndex(where: { $0.token == token })
        else { return nil }
        let waiter = byWindow[window]!.remove(at: index)
        if byWindow[window]!.isEmpty { byWindow[window] = nil }
        return waiter
    }

    /// Answers everyone waiting on the window with its outcome, value included.
    mutating func resolve(window: WindowID, with outcome: Outcome) {
        guard let waiting = byWindow.removeValue(forKey: window) else { return }
        for waiter in waiting {
            windowByToken[waiter.token] = nil
            waiter.timeout?.cancel()
            waiter.reply.deliver(.success(outcome.json(revealingValue: true)))
        }
    }

    /// Forgets the waiters of a closed connection.
    mutating func removeAll(of connection: ConnectionID) {
        let tokens = byWindow.values.joined().filter { $0.reply.connection.id == connection }.map(\.token)
        for token in tokens {
            remove(token: token)?.timeout?.cancel()
        }
    }
}
