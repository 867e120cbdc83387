import PickerSystem

/// Who holds pickerweb's connections, so that other users cannot take the
/// places the person's page needs (docs/web.md, "Connections").
///
/// Every connection counts against the server's limit (`WebServer.connectionLimit`),
/// past which Hummingbird accepts no more until one closes. The person (a
/// loopback peer of pickerweb's own uid) may hold any of them; every other
/// peer, another local user, a remote address or a peer whose uid could not
/// be read, at most `eachStrangerLimit` at once, and all of them together at
/// most `strangersLimit`, so the person always has the rest. A connection
/// over its share is closed as soon as it is accepted, before it is read.
final class ConnectionShares: Sendable {
    /// Who is at the other end of a connection.
    enum Peer: Hashable, Sendable {
        /// pickerweb's own uid on loopback: the person.
        case person
        /// Another uid on loopback.
        case user(UInt32)
        /// An address other than loopback (only with --allow-remote).
        case remote(String)
        /// A loopback peer whose socket was not found (already closed).
        case unknown
    }

    let eachStrangerLimit: Int
    let strangersLimit: Int
    private let held = Locked<[Peer: Int]>([:])

    init(eachStrangerLimit: Int, strangersLimit: Int) {
        self.eachStrangerLimit = eachStrangerLimit
        self.strangersLimit = strangersLimit
    }

    /// Takes a place for `peer`; false when its share is full.
    func take(_ peer: Peer) -> Bool {
        held.withLock { held in
            if peer != .person {
                let strangers = held.reduce(0) { $0 + ($1.key == .person ? 0 : $1.value) }
                guard held[peer, default: 0] < eachStrangerLimit, strangers < strangersLimit else { return false }
            }
            held[peer, default: 0] += 1
            return true
        }
    }

    func release(_ peer: Peer) {
        held.withLock { held in
            let count = held[peer, default: 0] - 1
            held[peer] = count > 0 ? count : nil
        }
    }
}
