import PickerProtocol
import PickerJSON

/// Wheels for year, month, day (and hour, minute): Down is the next value, Up
/// the previous; Left, Right and Tab move between wheels; focus starts on the day.
struct DateWheels: PickerView {
    enum Wheel: String, CaseIterable {
        case year, month, day, hour, minute
    }

    let mode: String
    let wheels: [Wheel]
    let interval: Int
    let minimum: String?
    let maximum: String?
    var focus: Int
    var year = 2026, month = 1, day = 1, hour = 0, minute = 0

    init(options: JSON, value: JSON?) {
        let mode = options[DateOption.mode]?.stringValue ?? "date"
        self.mode = mode
        wheels = mode == "time" ? [.hour, .minute] : mode == "datetime" ? Wheel.allCases : [.year, .month, .day]
        interval = Int(options[DateOption.minuteInterval]?.integerValue ?? 1)
        minimum = options[DateOption.min]?.stringValue.map { Self.comparable($0, mode: mode) }
        maximum = options[DateOption.max]?.stringValue.map { Self.comparable($0, mode: mode) }
        focus = mode == "time" ? 0 : 2
        if let text = (value ?? options[DateOption.initial])?.stringValue { read(text) }
    }

    var isSecret: Bool { false }
    var hints: String { "↑↓ change  ←→ wheel" }

    /// YYYY-MM-DD, HH:MM, or YYYY-MM-DDTHH:MM (the daemon adds the zone's offset).
    var value: JSON { .string(text) }

    private var text: String {
        let date = CivilDate(year: year, month: month, day: day).isoString
        let time = "\(Self.two(hour)):\(Self.two(minute))"
        switch mode {
        case "time": return time
        case "datetime": return "\(date)T\(time)"
        default: return date
        }
    }

    mutating func handle(_ key: Key) -> ViewAction {
        switch key {
        case .left, .backTab:
            focus = (focus + wheels.count - 1) % wheels.count
        case .right, .tab:
            focus = (focus + 1) % wheels.count
        case .down, .up:
            let before = self
            step(wheels[focus], by: key == .down ? 1 : -1)
            let now = Self.comparable(text, mode: mode)
            if let minimum, now < minimum { self = before }
            if let maximum, now > maximum { self = before }
            return self.text == before.text ? .none : .changed
        case .enter:
            return .submit
        default:
            break
        }
        return .none
    }

    private mutating func step(_ wheel: Wheel, by delta: Int) {
        switch wheel {
        case .year: year += delta
        case .month: month = (month - 1 + delta + 12) % 12 + 1
        case .day:
            let length = CivilDate.daysIn(month: month, year: year)
            day = (day - 1 + delta + length) % length + 1
        case .hour: hour = (hour + delta + 24) % 24
        case .minute: minute = ((minute / interval + delta) * interval % 60 + 60) % 60
        }
        day = min(day, CivilDate.daysIn(month: month, year: year))
    }

    private mutating func read(_ text: String) {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        if mode == "time", digits.count >= 2 {
            (hour, minute) = (digits[0], digits[1])
        } else if digits.count >= 3 {
            (year, month, day) = (digits[0], digits[1], digits[2])
            if mode == "datetime", digits.count >= 5 { (hour, minute) = (digits[3], digits[4]) }
        }
    }

    /// The part of a bound that compares with a value as text.
    private static func comparable(_ text: String, mode: String) -> String {
        String(text.prefix(mode == "time" ? 5 : mode == "datetime" ? 16 : 10))
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        func cell(_ wheel: Wheel, _ offset: Int) -> String {
            var copy = self
            copy.step(wheel, by: offset)
            switch wheel {
            case .year: return String(copy.year)
            case .month: return Self.two(copy.month)
            case .day: return Self.two(copy.day)
            case .hour: return Self.two(copy.hour)
            case .minute: return Self.two(copy.minute)
            }
        }
        var lines: [Line] = []
        for offset in [-1, 0, 1] {
            var line = Line("  ")
            for (index, wheel) in wheels.enumerated() {
                let text = DisplayWidth.pad(" \(cell(wheel, offset)) ", to: wheel == .year ? 7 : 5)
                let style: Line.Style = offset == 0 ? (index == focus && focused ? .reverse : .bold) : .dim
                line = line + Line(text, style) + Line("  ")
            }
            lines.append(line)
        }
        var labels = Line("  ")
        for (index, wheel) in wheels.enumerated() {
            let label = wheel == .minute ? "min" : wheel.rawValue
            labels = labels + Line(DisplayWidth.pad(label, to: wheel == .year ? 7 : 5), index == focus ? .bold : .dim) + Line("  ")
        }
        return lines + [labels]
    }
}
