/// A window's opaque id: `w`, a number that orders ids and never repeats, and
/// a token of random characters (`w12-k3f9q7x2m4p8hd0e`) so that an id cannot
/// be guessed from another (PickerCore's `WindowIDToken`). Without a token (a
/// model given no random source: in-process tests, the fuzz target) it is `w12`.
public struct WindowID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    package init(number: UInt64, token: String) {
        rawValue = token.isEmpty ? "w\(number)" : "w\(number)-\(token)"
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
