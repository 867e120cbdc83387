import PickerJSON
import PickerProtocol

/// Wheels for year, month, day (and hour, minute): Down is the next value, Up
/// the previous; Left, Right and Tab move between wheels; focus starts on the
/// day. PgUp/PgDn move by a month (by an hour in `time` mode), Home/End to
/// min/max, and digits type a value into the focused wheel.
///
/// Only values within [min, max] are offered, by UIDatePicker's rule: a wheel
/// moved to a value gives a moment, which is clamped into the bounds; the
/// value is offered when the clamped moment still has it, and choosing it
/// lands on the clamped moment. A value not offered is drawn blank.
struct DateWheels: PickerView {
    let mode: DateMode
    let wheels: [DateWheel]
    let interval: Int
    let bounds: WheelBounds
    let timeZone: String?
    var moment = WheelMoment()
    var focus: Int
    /// Digits being typed into the focused wheel.
    var digits: WheelDigits
    /// Why the last typed value was not applied, until the next key.
    var refusal: String?

    init(options: JSON, value: JSON?) {
        let mode = options[DateOption.mode]?.stringValue.flatMap(DateMode.init(rawValue:)) ?? .date
        self.mode = mode
        wheels = mode == .time ? [.hour, .minute] : mode == .datetime ? DateWheel.allCases : [.year, .month, .day]
        let interval = max(1, Int(options[DateOption.minuteInterval]?.integerValue ?? 1))
        self.interval = interval
        bounds = WheelBounds(
            lower: options[DateOption.min]?.stringValue.flatMap { WheelMoment($0, mode: mode) },
            upper: options[DateOption.max]?.stringValue.flatMap { WheelMoment($0, mode: mode) },
            interval: interval)
        timeZone = options[DateOption.timeZone]?.stringValue
        focus = mode == .time ? 0 : 2
        digits = WheelDigits(width: wheels[focus].digits)
        if let text = (value ?? options[DateOption.initial])?.stringValue, let initial = WheelMoment(text, mode: mode) {
            moment = initial
        }
    }

    var isSecret: Bool { false }
    var hints: String { "↑↓ change  ←→ wheel  PgUp/PgDn \(mode == .time ? "hour" : "month")  0-9 type" }

    /// YYYY-MM-DD, HH:MM, or YYYY-MM-DDTHH:MM (the daemon adds the zone's offset).
    var value: JSON { .string(moment.text(mode: mode)) }

    private var focusedWheel: DateWheel { wheels[focus] }

    mutating func handle(_ key: Key) -> ViewAction {
        refusal = nil
        if case .character(let character) = key, character.isASCII, character.isNumber {
            return type(character)
        }
        let before = moment
        if key == .escape {
            digits.clear()
            return .none
        }
        if key == .backspace, digits.isTyping {
            digits.removeLast()
            return .none
        }
        finishTyping()
        switch key {
        case .left, .backTab: moveFocus(by: -1)
        case .right, .tab: moveFocus(by: 1)
        case .down, .up: moveWheel(by: key == .down ? 1 : -1)
        case .pageDown, .pageUp: movePage(by: key == .pageDown ? 1 : -1)
        case .home: moment = bounds.lower ?? moment
        case .end: moment = bounds.upper ?? moment
        case .enter: return .submit
        default: break
        }
        return moment == before ? .none : .changed
    }

    /// Digits typed in part ("1" on the day wheel) are applied, as any other
    /// key but a digit would apply them.
    mutating func leave() -> ViewAction {
        let before = moment
        finishTyping()
        return moment == before ? .none : .changed
    }

    // MARK: moving

    /// Where moving `wheel` to `value` lands, or nil when the value is not offered.
    func landing(_ wheel: DateWheel, on value: Int) -> WheelMoment? {
        guard wheel.isValid(value, in: moment, interval: interval) else { return nil }
        let landed = bounds.clamped(wheel.setting(value, in: moment))
        return wheel.value(in: landed) == value ? landed : nil
    }

    private mutating func moveFocus(by delta: Int) {
        focus = (focus + delta + wheels.count) % wheels.count
        digits = WheelDigits(width: focusedWheel.digits)
    }

    private mutating func moveWheel(by rows: Int) {
        let wheel = focusedWheel
        if let landed = landing(wheel, on: wheel.value(rows, from: moment, interval: interval)) {
            moment = landed
        }
    }

    /// A month on (an hour in `time` mode), clamped into the bounds.
    private mutating func movePage(by pages: Int) {
        var moved = moment
        if mode == .time {
            // Within the day: the time wheels have no date to carry into.
            let lastMinute = 24 * 60 - interval
            let minutes = min(max(0, moment.hour * 60 + moment.minute + 60 * pages), lastMinute)
            (moved.hour, moved.minute) = (minutes / 60, minutes % 60)
        } else {
            moved.date = moment.date.adding(months: pages)
        }
        moment = bounds.clamped(moved)
    }

    // MARK: typing

    private mutating func type(_ digit: Character) -> ViewAction {
        let wheel = focusedWheel
        let current = moment
        let outcome = digits.add(digit) { wheel.isValid($0, in: current, interval: interval) }
        guard case .whole(let typed) = outcome else { return .none }
        return apply(typed, to: wheel) ? .changed : .none
    }

    /// Applies a value typed only in part (a "1" on the day wheel) when the
    /// typing ends: it is what the focused cell shows.
    private mutating func finishTyping() {
        guard let typed = digits.value else { return }
        digits.clear()
        _ = apply(typed, to: focusedWheel)
    }

    /// Moves `wheel` to a typed value when it is offered; otherwise keeps the
    /// moment and says why. Returns whether the moment changed.
    private mutating func apply(_ typed: Int, to wheel: DateWheel) -> Bool {
        guard let landed = landing(wheel, on: typed) else {
            refusal = refusalReason(typed, for: wheel)
            return false
        }
        defer { moment = landed }
        return landed != moment
    }

    private func refusalReason(_ typed: Int, for wheel: DateWheel) -> String {
        let text = CivilDate.pad(typed, wheel.digits)
        guard wheel.isValid(typed, in: moment, interval: interval) else {
            let isOffInterval = wheel == .minute && typed < 60
            return isOffInterval
                ? "\(text) is not on the \(interval)-minute interval" : "\(text) is not a \(wheel.rawValue)"
        }
        let earliest = bounds.lower.map { "from \($0.text(mode: mode))" }
        let latest = bounds.upper.map { "until \($0.text(mode: mode))" }
        return "\(text) is not offered: " + [earliest, latest].compactMap { $0 }.joined(separator: " ")
    }

    // MARK: drawing

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        let rows = [-1, 0, 1].map { offset in wheelRow(offset, focused: focused) }
        return rows + [labelRow] + infoLines
    }

    /// One row of the wheels: the chosen values, or their neighbours `offset` rows away.
    private func wheelRow(_ offset: Int, focused: Bool) -> Line {
        var line = Line("  ")
        for (index, wheel) in wheels.enumerated() {
            let isFocused = index == focus && focused
            let text = DisplayWidth.pad(" \(cellText(wheel, offset, isFocused: isFocused)) ", to: wheel.digits + 3)
            let style: Line.Style = offset == 0 ? (isFocused ? .reverse : .bold) : .dim
            line = line + Line(text, style) + Line("  ")
        }
        return line
    }

    /// The value in a wheel's cell: blank for one not offered, and in the
    /// focused cell what is being typed (`1_` on the day wheel).
    private func cellText(_ wheel: DateWheel, _ offset: Int, isFocused: Bool) -> String {
        if offset == 0 {
            if isFocused, digits.isTyping {
                return digits.typed + String(repeating: "_", count: max(0, wheel.digits - digits.typed.count))
            }
            return CivilDate.pad(wheel.value(in: moment), wheel.digits)
        }
        let value = wheel.value(offset, from: moment, interval: interval)
        return landing(wheel, on: value) == nil ? "" : CivilDate.pad(value, wheel.digits)
    }

    private var labelRow: Line {
        var labels = Line("  ")
        for (index, wheel) in wheels.enumerated() {
            labels =
                labels + Line(DisplayWidth.pad(wheel.label, to: wheel.digits + 3), index == focus ? .bold : .dim)
                + Line("  ")
        }
        return labels
    }

    /// The weekday (and for `datetime` the time zone) under the wheels, and
    /// why a typed value was not applied.
    private var infoLines: [Line] {
        var lines: [Line] = []
        if mode != .time {
            let zone = mode == .datetime ? timeZone.map { " · \($0)" } ?? "" : ""
            lines.append(Line("  " + moment.weekdayName + zone, .dim))
        }
        if let refusal { lines.append(Line("  ✗ " + refusal, .warning)) }
        return lines
    }
}
