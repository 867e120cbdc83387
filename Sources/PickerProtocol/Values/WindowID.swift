/// A window's opaque id: `w`, a number, and the incarnation of the state that
/// made it (`w12-k3f9q`), so that ids never repeat even when a state
/// database is lost or memory state starts again. An empty incarnation
/// (in-process tests) leaves `w12`.
public struct WindowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(number: UInt64, incarnation: String) {
        rawValue = incarnation.isEmpty ? "w\(number)" : "w\(number)-\(incarnation)"
    }

    /// The number in an id this daemon made, for keeping ids unique across restarts.
    public var number: UInt64? {
        guard rawValue.hasPrefix("w") else { return nil }
        return UInt64(rawValue.dropFirst().prefix { $0 != "-" })
    }

    public static func < (lhs: WindowID, rhs: WindowID) -> Bool {
        switch (lhs.number, rhs.number) {
        case (let left?, let right?): return left < right
        default: return lhs.rawValue < rhs.rawValue
        }
    }

    public var description: String { rawValue }
}
