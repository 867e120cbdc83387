/// A wall-clock instant, in milliseconds since 1970-01-01T00:00:00Z.
///
/// Deadlines and outcomes use wall-clock time, so that a deadline keeps its
/// instant across a restart of the daemon.
public struct Timestamp: Sendable, Hashable, Comparable {
    public var milliseconds: Int64

    public init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.milliseconds < rhs.milliseconds
    }

    public func adding(milliseconds delta: Int64) -> Timestamp {
        Timestamp(milliseconds: milliseconds + delta)
    }

    /// RFC 3339 in UTC, `2026-11-21T22:31:07Z`, with milliseconds only when not zero.
    public var rfc3339: String {
        let (days, millisecondOfDay) = milliseconds.floorDivided(by: 86_400_000)
        let date = CivilDate(daysSinceEpoch: Int(days))
        let second = Int(millisecondOfDay / 1000)
        let fraction = Int(millisecondOfDay % 1000)
        let time = "\(CivilDate.pad(second / 3600, 2)):\(CivilDate.pad(second / 60 % 60, 2)):\(CivilDate.pad(second % 60, 2))"
        let milliseconds = fraction == 0 ? "" : "." + CivilDate.pad(fraction, 3)
        return "\(date.isoString)T\(time)\(milliseconds)Z"
    }
}

extension Int64 {
    /// Quotient rounded towards minus infinity, and a remainder that is never negative.
    public func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor
        let remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
