import PickerCore
import PickerProtocol

/// A moment a date picker deals in: its wall-clock time in the picker's zone and
/// the instant that is, both in seconds since the epoch, always on a whole minute.
struct DatePoint: Sendable, Equatable {
    var local: Int64
    var instant: Int64

    var day: Int64 { local.floorDivided(by: 86_400).quotient }
    var minuteOfDay: Int64 { local.floorDivided(by: 86_400).remainder / 60 }
    var minuteOfHour: Int64 { minuteOfDay % 60 }
}

/// Reads date specs: the mode's literal form, `today`, `now`, `tomorrow` (`+1d`),
/// `yesterday` (`-1d`), or a relative spec
/// (`+7d`, `-2w`, `+1m`, `+1y`, `+3h`, `-30min`) counted from now in the zone.
/// Months and years keep the day of month where it exists and use the month's
/// last day otherwise (January 31 + 1m = February 28); hours and minutes count
/// real elapsed time.
struct DateSpecReader: Sendable {
    let mode: DateMode
    let zone: ZoneRules
    let now: Timestamp

    func read(_ text: String) throws(PluginRejection) -> DatePoint {
        switch text {
        case "now":
            return nowPoint
        case "today":
            return point(local: nowPoint.day * 86_400)
        // What people type for +1d and -1d.
        case "tomorrow":
            return try read("+1d")
        case "yesterday":
            return try read("-1d")
        default:
            if let relative = try readRelative(text) { return relative }
            switch mode {
            case .date: return try readDate(text)
            case .time: return try readTime(text)
            case .datetime: return try readDateTime(text)
            }
        }
    }

    /// The canonical text of a point in this mode.
    func format(_ point: DatePoint) -> String {
        let date = CivilDate(daysSinceEpoch: Int(point.day)).isoString
        let time = Self.clockText(local: point.local)
        switch mode {
        case .date:
            return date
        case .time:
            return time
        case .datetime:
            let offsetMinutes = Int((point.local - point.instant) / 60)
            let sign = offsetMinutes < 0 ? "-" : "+"
            let offset = "\(sign)\(Self.twoDigits(abs(offsetMinutes) / 60)):\(Self.twoDigits(abs(offsetMinutes) % 60))"
            return "\(date)T\(time):00\(offset)"
        }
    }

    /// `HH:MM` of a wall-clock time.
    static func clockText(local: Int64) -> String {
        let minute = Int(local.floorDivided(by: 86_400).remainder / 60)
        return "\(twoDigits(minute / 60)):\(twoDigits(minute % 60))"
    }

    /// The value points are compared by: the day, the minute of the day, or the instant.
    func orderingKey(_ point: DatePoint) -> Int64 {
        switch mode {
        case .date: return point.day
        case .time: return point.minuteOfDay
        case .datetime: return point.instant
        }
    }

    // MARK: reading

    private var nowPoint: DatePoint {
        let instant = now.milliseconds.floorDivided(by: 60_000).quotient * 60
        return DatePoint(local: zone.local(forInstant: instant), instant: instant)
    }

    /// A wall-clock time in the zone (moved forward if it falls in a gap).
    private func point(local: Int64) -> DatePoint {
        let instant = zone.instant(forLocal: local)
        return DatePoint(local: zone.local(forInstant: instant), instant: instant)
    }

    private func point(instant: Int64) -> DatePoint {
        DatePoint(local: zone.local(forInstant: instant), instant: instant)
    }

    private func readRelative(_ text: String) throws(PluginRejection) -> DatePoint? {
        let scalars = Array(text.utf8)
        guard let sign = scalars.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        let digits = scalars.dropFirst().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let unit = String(decoding: scalars.dropFirst(1 + digits.count), as: UTF8.self)
        guard !digits.isEmpty, digits.count <= 6, let amount = Int64(String(decoding: digits, as: UTF8.self)) else {
            throw PluginRejection(
                "'\(text.prefix(40))' is not a relative date; use a sign, at most six digits and a unit, like +7d or -30min"
            )
        }
        let signed = sign == UInt8(ascii: "-") ? -amount : amount
        let base = nowPoint
        let (day, secondOfDay) = base.local.floorDivided(by: 86_400)
        let calendarDay = CivilDate(daysSinceEpoch: Int(day))
        switch unit {
        case "d": return point(local: base.local + signed * 86_400)
        case "w": return point(local: base.local + signed * 7 * 86_400)
        case "m", "y":
            let months = unit == "m" ? signed : signed * 12
            let moved = calendarDay.adding(months: Int(months))
            return point(local: Int64(moved.daysSinceEpoch) * 86_400 + secondOfDay)
        case "h": return point(instant: base.instant + signed * 3600)
        case "min": return point(instant: base.instant + signed * 60)
        default:
            throw PluginRejection(
                "'\(text.prefix(40))' has an unknown unit '\(unit.prefix(10))'; use d, w, m (months), y, h or min")
        }
    }

    private func readDate(_ text: String) throws(PluginRejection) -> DatePoint {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let date = try readCalendarDate(bytes, text: text) else {
            throw PluginRejection(
                "'\(text.prefix(40))' is not a date; use YYYY-MM-DD, today, or a relative date like +7d")
        }
        return point(local: Int64(date.daysSinceEpoch) * 86_400)
    }

    private func readTime(_ text: String) throws(PluginRejection) -> DatePoint {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 8, let minute = try readClock(bytes[...], text: text) else {
            throw PluginRejection(
                "'\(text.prefix(40))' is not a time; use HH:MM from 00:00 to 23:59, now, or a relative time like +3h")
        }
        let today = nowPoint.day
        return DatePoint(
            local: today * 86_400 + minute * 60, instant: zone.instant(forLocal: today * 86_400 + minute * 60))
    }

    /// `YYYY-MM-DD[T ]HH:MM[:SS[.fff]][Z|±HH:MM]`; without an offset the time is
    /// read in the picker's zone.
    private func readDateTime(_ text: String) throws(PluginRejection) -> DatePoint {
        let bytes = Array(text.utf8)
        let malformed = PluginRejection(
            "'\(text.prefix(40))' is not a date and time; use RFC 3339 like 2026-11-21T14:30:00+08:00 (without the offset for the picker's time zone), now, today, or a relative time like +3h"
        )
        guard bytes.count >= 16, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t") || bytes[10] == 0x20,
            let date = try readCalendarDate(Array(bytes[0..<10]), text: text)
        else { throw malformed }
        var end = bytes.count
        var offsetSeconds: Int64?
        if bytes[end - 1] == UInt8(ascii: "Z") || bytes[end - 1] == UInt8(ascii: "z") {
            offsetSeconds = 0
            end -= 1
        } else if end >= 22, bytes[end - 6] == UInt8(ascii: "+") || bytes[end - 6] == UInt8(ascii: "-"),
            bytes[end - 3] == UInt8(ascii: ":")
        {
            guard let hours = Self.number(bytes[(end - 5)..<(end - 3)]),
                let minutes = Self.number(bytes[(end - 2)..<end]),
                hours <= 23, minutes <= 59
            else { throw malformed }
            offsetSeconds = (hours * 3600 + minutes * 60) * (bytes[end - 6] == UInt8(ascii: "-") ? -1 : 1)
            end -= 6
        }
        var clockEnd = end
        if end > 19, bytes[19] == UInt8(ascii: ".") {
            let fraction = bytes[20..<end]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
                throw malformed
            }
            guard fraction.allSatisfy({ $0 == UInt8(ascii: "0") }) else {
                throw PluginRejection(
                    "'\(text.prefix(40))' has fractions of a second; this picker chooses whole minutes")
            }
            clockEnd = 19
        }
        guard clockEnd == 16 || clockEnd == 19, let minute = try readClock(bytes[11..<clockEnd], text: text) else {
            throw malformed
        }
        let local = Int64(date.daysSinceEpoch) * 86_400 + minute * 60
        guard let offsetSeconds else { return point(local: local) }
        return point(instant: local - offsetSeconds)
    }

    private func readCalendarDate(_ bytes: [UInt8], text: String) throws(PluginRejection) -> CivilDate? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Self.number(bytes[0..<4]), let month = Self.number(bytes[5..<7]),
            let day = Self.number(bytes[8..<10])
        else { return nil }
        guard year >= 1 else { throw PluginRejection("year \(year) is out of range; use 0001 to 9999") }
        guard (1...12).contains(month) else {
            throw PluginRejection("\(String(decoding: bytes, as: UTF8.self)) is not a date: there is no month \(month)")
        }
        guard let date = CivilDate(validatingYear: Int(year), month: Int(month), day: Int(day)) else {
            let length = CivilDate.daysIn(month: Int(month), year: Int(year))
            throw PluginRejection(
                "\(String(decoding: bytes, as: UTF8.self)) is not a date: \(Self.monthNames[Int(month) - 1]) \(year) has \(length) days"
            )
        }
        return date
    }

    /// `HH:MM` or `HH:MM:SS` (seconds 00) as minutes since midnight.
    private func readClock(_ bytes: ArraySlice<UInt8>, text: String) throws(PluginRejection) -> Int64? {
        let start = bytes.startIndex
        guard bytes.count == 5 || bytes.count == 8, bytes[start + 2] == UInt8(ascii: ":"),
            let hour = Self.number(bytes[start..<start + 2]), let minute = Self.number(bytes[start + 3..<start + 5]),
            hour <= 23, minute <= 59
        else { return nil }
        if bytes.count == 8 {
            guard bytes[start + 5] == UInt8(ascii: ":"), let second = Self.number(bytes[start + 6..<start + 8]),
                second <= 59
            else { return nil }
            guard second == 0 else {
                throw PluginRejection("'\(text.prefix(40))' has seconds; this picker chooses whole minutes (use :00)")
            }
        }
        return hour * 60 + minute
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    private static func number(_ digits: ArraySlice<UInt8>) -> Int64? {
        var value: Int64 = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(digit - UInt8(ascii: "0"))
        }
        return digits.isEmpty ? nil : value
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
