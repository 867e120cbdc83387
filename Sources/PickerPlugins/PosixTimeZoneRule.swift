import PickerCore
import PickerProtocol

/// A POSIX TZ rule as in a TZif footer (`EST5EDT,M3.2.0,M11.1.0`,
/// `<+0330>-3:30`, `IST-1GMT0,M10.5.0,M3.5.0/1`): a standard offset and
/// optionally a daylight offset with the yearly dates it starts and ends.
struct PosixTimeZoneRule: Sendable {
    /// Seconds east of UTC (POSIX writes them west of UTC, hence the sign flip).
    let standardOffset: Int64
    let daylight: Daylight?

    struct Daylight: Sendable {
        var offset: Int64
        var start: Transition
        var end: Transition
    }

    /// A yearly date and a local time of day (seconds, may be negative or past 24 h).
    struct Transition: Sendable {
        enum Day: Sendable {
            /// `Jn`: 1...365, February 29 never counted.
            case julian(Int)
            /// `n`: 0...365, February 29 counted in leap years.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday d (0 Sunday) of week w (5: the last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        var day: Day
        var time: Int64

        /// Local seconds since the epoch at which this transition happens in `year`.
        func localSeconds(in year: Int) -> Int64 {
            let januaryFirst = CivilDate(year: year, month: 1, day: 1).daysSinceEpoch
            let days: Int
            switch day {
            case .julian(let number):
                let leapShift = CivilDate.isLeapYear(year) && number >= 60 ? 1 : 0
                days = januaryFirst + number - 1 + leapShift
            case .zeroBased(let number):
                days = januaryFirst + number
            case .monthWeekDay(let month, let week, let weekday):
                let first = CivilDate(year: year, month: month, day: 1).daysSinceEpoch
                // 1970-01-01 was a Thursday (weekday 4).
                let firstWeekday = ((first % 7) + 7 + 4) % 7
                var dayOfMonth = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
                let length = CivilDate.daysIn(month: month, year: year)
                while dayOfMonth > length { dayOfMonth -= 7 }
                days = first + dayOfMonth - 1
            }
            return Int64(days) * 86_400 + time
        }
    }

    func offset(atInstant instant: Int64) -> Int64 {
        guard let daylight else { return standardOffset }
        let year = CivilDate(daysSinceEpoch: Int((instant + standardOffset).floorDivided(by: 86_400))).year
        let start = daylight.start.localSeconds(in: year) - standardOffset
        let end = daylight.end.localSeconds(in: year) - daylight.offset
        let inDaylight = start < end ? (instant >= start && instant < end) : (instant < end || instant >= start)
        return inDaylight ? daylight.offset : standardOffset
    }

    init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.isAtEnd {
            daylight = nil
            return
        }
        guard scanner.name() else { return nil }
        var daylightOffset = standardOffset + 3600
        if !scanner.peek(","), let explicit = scanner.offset() { daylightOffset = -explicit }
        guard scanner.take(","), let start = scanner.transition(), scanner.take(","), let end = scanner.transition(),
            scanner.isAtEnd
        else { return nil }
        daylight = Daylight(offset: daylightOffset, start: start, end: end)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position == bytes.count }

        func peek(_ character: Character) -> Bool {
            position < bytes.count && bytes[position] == character.asciiValue!
        }

        mutating func take(_ character: Character) -> Bool {
            guard peek(character) else { return false }
            position += 1
            return true
        }

        /// `EST` or `<+0330>`.
        mutating func name() -> Bool {
            if take("<") {
                guard let close = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                position = close + 1
                return true
            }
            let start = position
            while position < bytes.count, (bytes[position] | 0x20) >= UInt8(ascii: "a"),
                (bytes[position] | 0x20) <= UInt8(ascii: "z")
            {
                position += 1
            }
            return position - start >= 3
        }

        mutating func number() -> Int64? {
            let start = position
            var value: Int64 = 0
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9"),
                position - start < 4
            {
                value = value * 10 + Int64(bytes[position] - UInt8(ascii: "0"))
                position += 1
            }
            return position > start ? value : nil
        }

        /// `[+-]hh[:mm[:ss]]` in seconds.
        mutating func offset() -> Int64? {
            let sign: Int64 = take("-") ? -1 : (take("+") ? 1 : 1)
            guard let hours = number() else { return nil }
            var seconds = hours * 3600
            if take(":") {
                guard let minutes = number() else { return nil }
                seconds += minutes * 60
                if take(":") {
                    guard let rest = number() else { return nil }
                    seconds += rest
                }
            }
            return sign * seconds
        }

        mutating func transition() -> Transition? {
            let day: Transition.Day
            if take("M") {
                guard let month = number(), take("."), let week = number(), take("."), let weekday = number(),
                    (1...12).contains(month), (1...5).contains(week), (0...6).contains(weekday)
                else { return nil }
                day = .monthWeekDay(month: Int(month), week: Int(week), weekday: Int(weekday))
            } else if take("J") {
                guard let number = number(), (1...365).contains(number) else { return nil }
                day = .julian(Int(number))
            } else {
                guard let number = number(), (0...365).contains(number) else { return nil }
                day = .zeroBased(Int(number))
            }
            var time: Int64 = 7200
            if take("/") {
                guard let explicit = offset() else { return nil }
                time = explicit
            }
            return Transition(day: day, time: time)
        }
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
