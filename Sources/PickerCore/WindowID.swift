/// A window's opaque id, `w` and a number that is never used twice.
public struct WindowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    init(number: UInt64) {
        rawValue = "w\(number)"
    }

    /// The number in an id this daemon made, for keeping ids unique across restarts.
    public var number: UInt64? {
        rawValue.hasPrefix("w") ? UInt64(rawValue.dropFirst()) : nil
    }

    public static func < (lhs: WindowID, rhs: WindowID) -> Bool {
        switch (lhs.number, rhs.number) {
        case (let left?, let right?): return left < right
        default: return lhs.rawValue < rhs.rawValue
        }
    }

    public var description: String { rawValue }
}
