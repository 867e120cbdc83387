import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `date --format FMT`: the chosen value printed through strftime(3), as
/// zenity's --date-format does. Only what is printed changes; --json and what
/// pickerd keeps are the value as it is. pickerctl's `date` and PickerZenity's
/// calendars print through it.
public struct StrftimeFormat: Sendable {
    public var format: String

    public init(format: String) { self.format = format }

    /// The outcome with its value reformatted, when it is a date pickerd writes
    /// (`2026-03-04`, `14:30`, `2026-03-04T14:30:00+01:00`); any other as it is.
    public func applied(to outcome: Outcome) -> Outcome {
        guard case .string(let text)? = outcome.value, let fields = Self.fields(of: text) else { return outcome }
        var reformatted = outcome
        reformatted.value = .string(formatted(fields))
        return reformatted
    }

    /// A date value pickerd writes (see `applied(to:)`) through the format; nil for any other text.
    public func formatted(_ value: String) -> String? {
        Self.fields(of: value).map(formatted)
    }

    private func formatted(_ fields: tm) -> String {
        var fields = fields
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = strftime(&buffer, buffer.count, format, &fields)
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The broken-down time a value names: a time alone is today's (this
    /// machine's), a date-time keeps its own offset for %z.
    static func fields(of text: String) -> tm? {
        let parts = text.split(separator: "T", omittingEmptySubsequences: false)
        var fields = tm()
        var offsetSeconds = 0
        switch parts.count {
        case 1 where text.contains(":"):
            var now = time(nil)
            localtime_r(&now, &fields)
            guard let (hour, minute) = clock(text) else { return nil }
            (fields.tm_hour, fields.tm_min, fields.tm_sec) = (hour, minute, 0)
        case 1:
            guard let day = date(text) else { return nil }
            fields = day
        case 2:
            guard let day = date(String(parts[0])) else { return nil }
            fields = day
            let time = parts[1]
            guard time.count == 14, let (hour, minute) = clock(String(time.prefix(5))),
                let sign = time.dropFirst(8).first, sign == "+" || sign == "-",
                let (offsetHours, offsetMinutes) = clock(String(time.suffix(5)))
            else { return nil }
            (fields.tm_hour, fields.tm_min, fields.tm_sec) = (hour, minute, Int32(time.dropFirst(6).prefix(2)) ?? 0)
            offsetSeconds = (sign == "-" ? -1 : 1) * Int(offsetHours * 3600 + offsetMinutes * 60)
        default:
            return nil
        }
        // timegm fills in the weekday and day of the year (%a, %j); the offset is the value's own.
        var normalized = fields
        _ = timegm(&normalized)
        fields.tm_wday = normalized.tm_wday
        fields.tm_yday = normalized.tm_yday
        if parts.count == 2 {
            fields.tm_gmtoff = offsetSeconds
            fields.tm_zone = nil
            // glibc prints no %z for an unknown summer time (-1).
            fields.tm_isdst = 0
        }
        return fields
    }

    /// `2026-03-04`.
    private static func date(_ text: String) -> tm? {
        let numbers = text.split(separator: "-", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers[0].count == 4, numbers[1].count == 2, numbers[2].count == 2,
            let year = Int32(numbers[0]), let month = Int32(numbers[1]), let day = Int32(numbers[2])
        else { return nil }
        var fields = tm()
        (fields.tm_year, fields.tm_mon, fields.tm_mday) = (year - 1900, month - 1, day)
        fields.tm_isdst = -1
        return fields
    }

    /// `14:30`.
    private static func clock(_ text: String) -> (Int32, Int32)? {
        let numbers = text.split(separator: ":", omittingEmptySubsequences: false)
        guard numbers.count == 2, numbers.allSatisfy({ $0.count == 2 }), let hour = Int32(numbers[0]),
            let minute = Int32(numbers[1])
        else { return nil }
        return (hour, minute)
    }
}
