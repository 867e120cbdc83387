import PickerProtocol

/// The earliest and latest moments a date picker allows, each moved inward
/// onto the minute interval: clamping then never lands on a minute the
/// minute wheel does not have (the daemon would reject it).
struct WheelBounds {
    let lower: WheelMoment?
    let upper: WheelMoment?

    init(lower: WheelMoment?, upper: WheelMoment?, interval: Int) {
        self.lower = lower.map { Self.roundedUp($0, interval: interval) }
        self.upper = upper.map { Self.roundedDown($0, interval: interval) }
    }

    /// The nearest allowed moment: `moment` itself when it is within the bounds.
    func clamped(_ moment: WheelMoment) -> WheelMoment {
        if let lower, moment < lower { return lower }
        if let upper, moment > upper { return upper }
        return moment
    }

    private static func roundedDown(_ moment: WheelMoment, interval: Int) -> WheelMoment {
        var moment = moment
        moment.minute -= moment.minute % interval
        return moment
    }

    private static func roundedUp(_ moment: WheelMoment, interval: Int) -> WheelMoment {
        let remainder = moment.minute % interval
        guard remainder != 0 else { return moment }
        var moment = moment
        moment.minute += interval - remainder
        if moment.minute >= 60 {
            moment.minute -= 60
            moment.hour += 1
        }
        if moment.hour >= 24 {
            moment.hour -= 24
            moment.date = moment.date.adding(days: 1)
        }
        return moment
    }
}
