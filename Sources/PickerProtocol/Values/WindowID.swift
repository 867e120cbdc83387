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
        // Byte by byte: sorting 100,000 windows reads this two million times.
        var bytes = rawValue.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "w") else { return nil }
        var number: UInt64 = 0
        var digits = 0
        while let byte = bytes.next(), byte != UInt8(ascii: "-") {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (tens, overflowed) = number.multipliedReportingOverflow(by: 10)
            let (sum, overflowedAgain) = tens.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflowed, !overflowedAgain else { return nil }
            number = sum
            digits += 1
        }
        return digits > 0 ? number : nil
    }

    public static func < (lhs: WindowID, rhs: WindowID) -> Bool {
        switch (lhs.number, rhs.number) {
        case (let left?, let right?): return left < right
        default: return lhs.rawValue < rhs.rawValue
        }
    }

    public var description: String { rawValue }
}
