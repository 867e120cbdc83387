import PickerCore

/// The daemon's RFC 3339 UTC times, and spans as a person reads them.
public enum Timestamps {
    /// Reads `2026-11-21T22:31:07Z` or `2026-11-21T22:31:07.045Z`.
    public static func read(_ text: String) -> Timestamp? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"), bytes[10] == UInt8(ascii: "T") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: bytes[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            let date = CivilDate(validatingYear: year, month: month, day: day)
        else { return nil }
        var milliseconds = 0
        if bytes[19] == UInt8(ascii: "."), let fraction = number(20..<min(23, bytes.count - 1)) { milliseconds = fraction }
        let seconds = Int64(date.daysSinceEpoch) * 86_400 + Int64(hour * 3600 + minute * 60 + second)
        return Timestamp(milliseconds: seconds * 1000 + Int64(milliseconds))
    }

    public static var nowSeconds: Int64 { SystemClock().now().milliseconds / 1000 }

    /// "12s" until an RFC 3339 time from the daemon (nil when unreadable).
    public static func remaining(until text: String) -> String? {
        read(text).map { span(from: SystemClock().now(), to: $0) }
    }

    public static func span(from start: Timestamp, to end: Timestamp) -> String {
        span(seconds: (end.milliseconds - start.milliseconds + 500) / 1000)
    }

    public static func span(seconds: Int64) -> String {
        let value = max(0, seconds)
        switch value {
        case ..<60: return "\(value)s"
        case ..<3600: return "\(value / 60)m\(value % 60 == 0 ? "" : " \(value % 60)s")"
        case ..<86400: return "\(value / 3600)h\(value / 60 % 60 == 0 ? "" : " \(value / 60 % 60)m")"
        default: return "\(value / 86400)d \(value / 3600 % 24)h"
        }
    }
}
