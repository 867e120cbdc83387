import PickerProtocol

/// What the date wheels show: a calendar date and a time of day, as the
/// window's time zone reads them (the daemon adds the zone's offset).
/// Ordered as the calendar is; in `time` mode the date part stays the same.
struct WheelMoment: Comparable {
    var date: CivilDate
    var hour: Int
    var minute: Int

    init(date: CivilDate = CivilDate(year: 2026, month: 1, day: 1), hour: Int = 0, minute: Int = 0) {
        self.date = date
        self.hour = hour
        self.minute = minute
    }

    /// Reads the wall-clock part of the daemon's text for `mode`: `HH:MM` for
    /// `time`, `YYYY-MM-DD` for `date`, `YYYY-MM-DDTHH:MM…` (any offset after
    /// it is ignored) for `datetime`. Nil when the text has too few numbers.
    init?(_ text: String, mode: DateMode) {
        let numbers = text.split(whereSeparator: { !($0.isASCII && $0.isNumber) }).compactMap { Int($0) }
        if mode == .time {
            guard numbers.count >= 2 else { return nil }
            self.init(hour: numbers[0], minute: numbers[1])
            return
        }
        guard numbers.count >= 3 else { return nil }
        let date = CivilDate(year: numbers[0], month: numbers[1], day: numbers[2])
        if mode == .datetime, numbers.count >= 5 {
            self.init(date: date, hour: numbers[3], minute: numbers[4])
        } else {
            self.init(date: date)
        }
    }

    /// `YYYY-MM-DD`, `HH:MM`, or `YYYY-MM-DDTHH:MM` by `mode`.
    func text(mode: DateMode) -> String {
        let time = "\(CivilDate.pad(hour, 2)):\(CivilDate.pad(minute, 2))"
        switch mode {
        case .time: return time
        case .datetime: return "\(date.isoString)T\(time)"
        case .date: return date.isoString
        }
    }

    /// The English name of the date's day of the week.
    var weekdayName: String {
        // 1970-01-01, day 0, was a Thursday.
        let names = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
        let days = date.daysSinceEpoch % 7
        return names[days < 0 ? days + 7 : days]
    }

    static func < (lhs: WheelMoment, rhs: WheelMoment) -> Bool {
        (lhs.date, lhs.hour, lhs.minute) < (rhs.date, rhs.hour, rhs.minute)
    }
}
