import PickerSystem

/// The page's secrets: the token printed in the URL (its fragment, which
/// browsers never send), and the session secrets it is exchanged for, each
/// then held in an HttpOnly cookie.
///
/// Both are 256 random bits from the system's generator (getrandom), written
/// base64url. A secret is compared in time that does not depend on where it
/// first differs, so a guess learns nothing from how long a refusal takes.
public final class SessionSecrets: Sendable {
    public let token: String
    /// Oldest first.
    private let sessions = Locked<[String]>([])

    /// At most this many sessions (browsers or phones that opened the URL);
    /// past it the oldest ends, and its page signs in again with the URL.
    static let sessionLimit = 64

    public init(token: String = SessionSecrets.random()) {
        self.token = token
    }

    /// A fresh session secret for a request that showed the token; nil otherwise.
    public func exchange(token offered: String) -> String? {
        guard Self.same(offered, token) else { return nil }
        let session = Self.random()
        sessions.withLock { sessions in
            if sessions.count >= Self.sessionLimit { sessions.removeFirst() }
            sessions.append(session)
        }
        return session
    }

    public func isSession(_ offered: String) -> Bool {
        sessions.withLock { sessions in sessions.contains { Self.same($0, offered) } }
    }

    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return base64URL(bytes)
    }

    /// Equal strings, compared without stopping at the first difference.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        guard left.count == right.count else { return false }
        var difference: UInt8 = 0
        for index in left.indices { difference |= left[index] ^ right[index] }
        return difference == 0
    }

    private static func base64URL(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var text = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var value = 0
            for byte in chunk { value = value << 8 | Int(byte) }
            value <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { text.append(alphabet[(value >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return text
    }
}
