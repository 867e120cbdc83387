import PickerProtocol

/// One wheel of the date picker: which part of a moment it shows and sets,
/// and the values it has.
enum DateWheel: String, CaseIterable {
    case year, month, day, hour, minute

    /// How many digits a value is shown and typed with.
    var digits: Int { self == .year ? 4 : 2 }

    /// The label under the wheel.
    var label: String { self == .minute ? "min" : rawValue }

    func value(in moment: WheelMoment) -> Int {
        switch self {
        case .year: return moment.date.year
        case .month: return moment.date.month
        case .day: return moment.date.day
        case .hour: return moment.hour
        case .minute: return moment.minute
        }
    }

    /// `moment` with this wheel at `value`; a day the new month lacks becomes
    /// the month's last day (January 31 to February gives February 28 or 29).
    func setting(_ value: Int, in moment: WheelMoment) -> WheelMoment {
        var moment = moment
        switch self {
        case .year: moment.date.year = value
        case .month: moment.date.month = value
        case .day: moment.date.day = value
        case .hour: moment.hour = value
        case .minute: moment.minute = value
        }
        let length = CivilDate.daysIn(month: moment.date.month, year: moment.date.year)
        moment.date.day = min(moment.date.day, length)
        return moment
    }

    /// Whether the wheel has `value` for the month and year of `moment`
    /// (the minute wheel only multiples of `interval`; years as the daemon
    /// reads them, 0001 to 9999).
    func isValid(_ value: Int, in moment: WheelMoment, interval: Int) -> Bool {
        switch self {
        case .year: return (1...9999).contains(value)
        case .month: return (1...12).contains(value)
        case .day: return (1...CivilDate.daysIn(month: moment.date.month, year: moment.date.year)).contains(value)
        case .hour: return (0...23).contains(value)
        case .minute: return (0...59).contains(value) && value % interval == 0
        }
    }

    /// The value `rows` rows below the current one (above when negative): the
    /// year runs on, the others wrap around (after December comes January).
    func value(_ rows: Int, from moment: WheelMoment, interval: Int) -> Int {
        let current = value(in: moment)
        switch self {
        case .year: return current + rows
        case .month: return Self.wrapped(current - 1 + rows, count: 12) + 1
        case .day:
            let length = CivilDate.daysIn(month: moment.date.month, year: moment.date.year)
            return Self.wrapped(current - 1 + rows, count: length) + 1
        case .hour: return Self.wrapped(current + rows, count: 24)
        case .minute: return Self.wrapped(current / interval + rows, count: 60 / interval) * interval
        }
    }

    private static func wrapped(_ index: Int, count: Int) -> Int {
        (index % count + count) % count
    }
}
