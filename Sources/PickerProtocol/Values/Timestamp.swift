#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

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

    /// The system's wall clock now (the model reads time through its injectable `PickerClock`).
    public static func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(milliseconds: Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000)
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

    /// Reads what `rfc3339` writes: `2026-11-21T22:31:07Z` or `2026-11-21T22:31:07.045Z`.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            hour < 24, minute < 60, second < 60,
            let date = CivilDate(validatingYear: year, month: month, day: day)
        else { return nil }
        // A fraction is read to the millisecond: `.5` is 500 ms, `.0456` is 45.
        var milliseconds = 0
        if bytes[19] == UInt8(ascii: ".") {
            let digits = bytes[20..<(bytes.count - 1)]
            guard !digits.isEmpty, digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            for position in 0..<3 {
                let index = 20 + position
                milliseconds = milliseconds * 10 + (index < bytes.count - 1 ? Int(bytes[index] - UInt8(ascii: "0")) : 0)
            }
        } else if bytes.count != 20 {
            return nil
        }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        self.init(milliseconds: seconds * 1000 + Int64(milliseconds))
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
