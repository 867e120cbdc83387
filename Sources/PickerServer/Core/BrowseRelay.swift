import NIOCore
import PickerCore
import PickerProtocol

/// What the daemon keeps to relay `browse` (PROTOCOL.md, `file`): which
/// connection lists each file window (it presented it with `browsable:
/// true`), the requests sent on to such owners and not yet answered, and how
/// many each front-end's connection sent lately. The daemon itself lists
/// nothing.
struct BrowseRelay {
    /// How long an owner has to answer before the front-end is told to let
    /// the person type a path.
    static let timeout = TimeAmount.seconds(5)
    /// Requests one connection may have waiting on owners at once.
    static let mostWaitingPerConnection = 4
    /// Requests one connection may send in `rateWindow`.
    static let mostPerWindow = 20
    static let rateWindow = TimeAmount.seconds(1)

    /// One request sent on to an owner, by the id the daemon gave it.
    struct Relayed {
        let reply: ResponseSink
        let owner: ConnectionID
        let asker: ConnectionID
        let path: String
        let timer: Scheduled<Void>
    }

    /// The connection that lists each file window.
    private(set) var owners: [WindowID: ConnectionID] = [:]
    private(set) var relayed: [String: Relayed] = [:]
    private var nextNumber: UInt64 = 1
    /// Each connection's requests in its current rate window.
    private var recent: [ConnectionID: (since: NIODeadline, count: Int)] = [:]

    mutating func setOwner(_ connection: ConnectionID, of window: WindowID, openWindows: (WindowID) -> Bool) {
        // Windows that ended are forgotten now and then, not one by one.
        if owners.count >= 1_024, owners.count.nonzeroBitCount == 1 { owners = owners.filter { openWindows($0.key) } }
        owners[window] = connection
    }

    /// A new id for a request of the daemon's own: `b1`, `b2`… (never an
    /// integer, which clients number their own requests with).
    mutating func takeID() -> String {
        defer { nextNumber += 1 }
        return "b\(nextNumber)"
    }

    /// Counts a request of `connection` at `now`; false when it is over its rate or has too many waiting.
    mutating func admit(_ connection: ConnectionID, now: NIODeadline) -> Bool {
        guard waitingCount(of: connection) < Self.mostWaitingPerConnection else { return false }
        var entry = recent[connection] ?? (now, 0)
        if now - entry.since >= Self.rateWindow { entry = (now, 0) }
        guard entry.count < Self.mostPerWindow else { return false }
        entry.count += 1
        recent[connection] = entry
        return true
    }

    func waitingCount(of connection: ConnectionID) -> Int {
        relayed.values.count { $0.asker == connection }
    }

    mutating func add(_ id: String, _ request: Relayed) {
        relayed[id] = request
    }

    /// The request `id`, taken out, when `owner` is the one it was sent to.
    mutating func take(_ id: String, answeredBy owner: ConnectionID) -> Relayed? {
        guard relayed[id]?.owner == owner else { return nil }
        return relayed.removeValue(forKey: id)
    }

    mutating func take(_ id: String) -> Relayed? {
        relayed.removeValue(forKey: id)
    }

    /// Forgets a connection that closed: the windows it listed, and the
    /// requests it sent. The requests waiting on it as an owner come back,
    /// to be answered with an error.
    mutating func connectionClosed(_ connection: ConnectionID) -> [Relayed] {
        owners = owners.filter { $0.value != connection }
        recent[connection] = nil
        var orphaned: [Relayed] = []
        for (id, request) in relayed where request.owner == connection || request.asker == connection {
            relayed[id] = nil
            request.timer.cancel()
            if request.owner == connection { orphaned.append(request) }
        }
        return orphaned
    }
}
