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
        if (0...9999).contains(date.year) {
            // Digit by digit: every summary, outcome and event carries times.
            return String(unsafeUninitializedCapacity: 24) { text in
                var end = 0
                func put(_ value: Int, width: Int, then separator: UInt8) {
                    var value = value
                    for position in (end..<end + width).reversed() {
                        text[position] = UInt8(ascii: "0") + UInt8(value % 10)
                        value /= 10
                    }
                    text[end + width] = separator
                    end += width + 1
                }
                put(date.year, width: 4, then: UInt8(ascii: "-"))
                put(date.month, width: 2, then: UInt8(ascii: "-"))
                put(date.day, width: 2, then: UInt8(ascii: "T"))
                put(second / 3600, width: 2, then: UInt8(ascii: ":"))
                put(second / 60 % 60, width: 2, then: UInt8(ascii: ":"))
                put(second % 60, width: 2, then: fraction == 0 ? UInt8(ascii: "Z") : UInt8(ascii: "."))
                if fraction != 0 { put(fraction, width: 3, then: UInt8(ascii: "Z")) }
                return end
            }
        }
        let time =
            "\(CivilDate.pad(second / 3600, 2)):\(CivilDate.pad(second / 60 % 60, 2)):\(CivilDate.pad(second % 60, 2))"
        let milliseconds = fraction == 0 ? "" : "." + CivilDate.pad(fraction, 3)
        return "\(date.isoString)T\(time)\(milliseconds)Z"
    }

    /// Reads RFC 3339: what `rfc3339` writes (`2026-11-21T22:31:07Z`,
    /// `2026-11-21T22:31:07.045Z`), and any other offset
    /// (`2026-11-23T07:00:00+01:00`), as a person or a script writes a time.
    /// The fraction is read to the millisecond: `.5` is 500 ms, `.0456` is 45.
    public init?(rfc3339 text: String) {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Int? { Self.number(in: bytes, range) }
        guard let zone = Self.zoneOffset(bytes), bytes.count >= 19,
            bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
            let year = digits(0..<4), let month = digits(5..<7), let day = digits(8..<10),
            let hour = digits(11..<13), let minute = digits(14..<16), let second = digits(17..<19),
            hour < 24, minute < 60, second < 60,
            let date = CivilDate(validatingYear: year, month: month, day: day)
        else { return nil }
        var milliseconds = 0
        if zone.start > 19 {
            let fraction = bytes[20..<zone.start]
            guard bytes[19] == UInt8(ascii: "."), !fraction.isEmpty, fraction.allSatisfy(Self.isDigit) else {
                return nil
            }
            for position in 20..<23 {
                milliseconds =
                    milliseconds * 10 + (position < zone.start ? Int(bytes[position] - UInt8(ascii: "0")) : 0)
            }
        } else if zone.start != 19 {
            return nil
        }
        let seconds =
            Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(zone.seconds)
        self.init(milliseconds: seconds * 1000 + Int64(milliseconds))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// The decimal number written at `range`, digits only.
    private static func number(in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        guard range.upperBound <= bytes.count, !range.isEmpty, bytes[range].allSatisfy(isDigit) else { return nil }
        return bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }

    /// Where the zone starts and its offset east of UTC: `Z`, or `+01:00` and `-05:30`.
    private static func zoneOffset(_ bytes: [UInt8]) -> (start: Int, seconds: Int)? {
        if bytes.last == UInt8(ascii: "Z") { return (bytes.count - 1, 0) }
        let start = bytes.count - 6
        guard start >= 19, bytes[start] == UInt8(ascii: "+") || bytes[start] == UInt8(ascii: "-"),
            bytes[start + 3] == UInt8(ascii: ":"),
            let hours = number(in: bytes, (start + 1)..<(start + 3)),
            let minutes = number(in: bytes, (start + 4)..<(start + 6)),
            hours < 24, minutes < 60
        else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return (start, bytes[start] == UInt8(ascii: "-") ? -seconds : seconds)
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
