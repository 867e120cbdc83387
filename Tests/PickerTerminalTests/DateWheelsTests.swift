import PickerJSON
import Testing

@testable import PickerTerminal

/// The date wheels' keys and drawing, without a daemon: options as `get` gives them.
@Suite struct DateWheelsTests {
    static let berlin: JSON = [
        "mode": "datetime", "min": "2026-11-22T00:00:00+01:00", "max": "2027-01-15T10:00:00+01:00",
        "initial": "2026-11-22T23:55:00+01:00", "minute_interval": 1, "time_zone": "Europe/Berlin",
    ]

    func wheels(_ options: JSON) -> DateWheels {
        DateWheels(options: options, value: nil)
    }

    func date(_ initial: String, min: String? = nil, max: String? = nil) -> DateWheels {
        var options: JSONObject = ["mode": "date", "initial": .string(initial), "time_zone": "Etc/UTC"]
        options["min"] = min.map(JSON.string)
        options["max"] = max.map(JSON.string)
        return wheels(.object(options))
    }

    /// The wheels' rows as text: the row above, the chosen row, the row below.
    func rows(_ view: DateWheels) -> [String] {
        view.render(width: 80, height: 10, focused: true).prefix(3).map(\.text)
    }

    func press(_ view: inout DateWheels, _ keys: Key...) -> [ViewAction] {
        keys.map { view.handle($0) }
    }

    // MARK: values outside [min, max]

    @Test func aYearBeforeTheMinimumIsDrawnBlank() {
        var view = date("2026-03-10", min: "2026-03-10")
        _ = press(&view, .left, .left)
        let rows = rows(view)
        #expect(!rows[0].contains("2025"), "\(rows)")
        #expect(rows[2].contains("2027"), "\(rows)")
        #expect(!rows.joined().contains("2025"))
    }

    @Test func aDayBeforeTheMinimumIsDrawnBlank() {
        let rows = rows(date("2026-03-10", min: "2026-03-10"))
        #expect(!rows[0].contains("09"), "\(rows)")
        #expect(rows[2].contains("11"), "\(rows)")
    }

    @Test func movingOntoAValueNotOfferedDoesNothing() {
        var view = date("2026-03-10", min: "2026-03-10")
        #expect(view.handle(.up) == .none)
        _ = press(&view, .left, .left)
        #expect(view.handle(.up) == .none)
        #expect(view.value == "2026-03-10")
    }

    @Test func aYearPastTheMaximumMonthLandsOnTheMaximum() {
        var view = wheels(Self.berlin)
        _ = press(&view, .left, .left)
        #expect(rows(view)[2].contains("2027"), "2027 is offered: 2027-01-15 is allowed")
        #expect(view.handle(.down) == .changed)
        #expect(view.value == "2027-01-15T10:00")
        #expect(!rows(view)[2].contains("2028"))
    }

    @Test func boundsAreMovedOntoTheMinuteInterval() {
        var view = wheels(["mode": "time", "min": "10:07", "initial": "11:05", "minute_interval": 5])
        #expect(view.handle(.up) == .changed)
        #expect(view.value == "10:10", "the earliest time on the interval")
    }

    // MARK: PgUp/PgDn, Home/End

    @Test func pageDownMovesByAMonthKeepingTheDayWhereTheMonthHasIt() {
        var view = date("2026-01-31")
        #expect(view.handle(.pageDown) == .changed)
        #expect(view.value == "2026-02-28")
        view = date("2026-12-15")
        _ = view.handle(.pageDown)
        #expect(view.value == "2027-01-15", "carried into the year")
        _ = press(&view, .pageUp, .pageUp)
        #expect(view.value == "2026-11-15")
    }

    @Test func pagingStopsAtTheBounds() {
        var view = date("2026-12-20", min: "2026-12-01", max: "2027-01-15")
        _ = view.handle(.pageDown)
        #expect(view.value == "2027-01-15")
        #expect(view.handle(.pageDown) == .none)
        _ = view.handle(.pageUp)
        #expect(view.value == "2026-12-15")
        _ = view.handle(.pageUp)
        #expect(view.value == "2026-12-01")
    }

    @Test func pagingInTimeModeMovesByAnHourWithinTheDay() {
        var view = wheels(["mode": "time", "initial": "10:30", "minute_interval": 15])
        #expect(view.handle(.pageDown) == .changed)
        #expect(view.value == "11:30")
        view = wheels(["mode": "time", "initial": "23:30", "minute_interval": 15])
        _ = view.handle(.pageDown)
        #expect(view.value == "23:45", "the last time of the day on the interval")
        view = wheels(["mode": "time", "initial": "00:30", "minute_interval": 15])
        _ = view.handle(.pageUp)
        #expect(view.value == "00:00")
    }

    @Test func homeAndEndGoToTheBounds() {
        var view = wheels(Self.berlin)
        #expect(view.handle(.home) == .changed)
        #expect(view.value == "2026-11-22T00:00")
        #expect(view.handle(.end) == .changed)
        #expect(view.value == "2027-01-15T10:00")
        var unbounded = date("2026-03-10")
        #expect(press(&unbounded, .home, .end) == [.none, .none])
        #expect(unbounded.value == "2026-03-10")
    }

    // MARK: digits

    @Test func fourDigitsTypeAYear() {
        var view = date("2026-03-10")
        _ = press(&view, .left, .left)
        #expect(press(&view, .character("2"), .character("0"), .character("2")) == [.none, .none, .none])
        #expect(rows(view)[1].contains("202_"), "what is typed is shown: \(rows(view))")
        #expect(view.value == "2026-03-10")
        #expect(view.handle(.character("7")) == .changed)
        #expect(view.value == "2027-03-10")
    }

    @Test func twoDigitsTypeADay() {
        var view = date("2026-03-10")
        #expect(view.handle(.character("1")) == .none)
        #expect(rows(view)[1].contains("1_"))
        #expect(view.handle(.character("5")) == .changed)
        #expect(view.value == "2026-03-15")
    }

    @Test func aDigitThatCannotExtendStartsANewValue() {
        var view = date("2026-03-10")
        _ = press(&view, .character("4"), .character("5"))
        #expect(view.value == "2026-03-05", "there is no day 45")
        _ = press(&view, .character("3"), .character("7"))
        #expect(view.value == "2026-03-07", "there is no day 37")
    }

    @Test func aTypedYearOutsideTheBoundsIsNotApplied() {
        var view = date("2026-03-10", min: "2026-03-10")
        _ = press(&view, .left, .left)
        let actions = press(&view, .character("2"), .character("0"), .character("2"), .character("5"))
        #expect(actions.last == ViewAction.none)
        #expect(view.value == "2026-03-10")
        let drawn = view.render(width: 80, height: 10, focused: true).map(\.text)
        #expect(drawn.contains { $0.contains("2025 is not offered") }, "\(drawn)")
    }

    @Test func aDayTheMonthLacksIsNeverTyped() {
        var view = date("2026-02-10")
        _ = press(&view, .character("3"))
        #expect(view.value == "2026-02-03", "February has no 30th or 31st: 3 is whole")
        view = date("2026-04-10")
        _ = press(&view, .character("3"), .character("1"))
        #expect(view.value == "2026-04-10", "no April 31: the 1 starts a new day")
        #expect(rows(view)[1].contains("1_"))
        _ = view.handle(.character("2"))
        #expect(view.value == "2026-04-12")
    }

    @Test func onlyMinutesOnTheIntervalAreTyped() {
        var view = wheels(["mode": "time", "initial": "10:30", "minute_interval": 15])
        _ = press(&view, .right, .character("2"), .character("0"))
        #expect(view.value == "10:30", "20 is not a multiple of 15")
        _ = press(&view, .character("4"), .character("5"))
        #expect(view.value == "10:45")
    }

    @Test func aNonDigitKeyEndsTheTypingWithWhatIsShown() {
        var view = date("2026-03-10")
        _ = view.handle(.character("1"))
        #expect(view.handle(.left) == .changed)
        #expect(view.value == "2026-03-01")
        #expect(view.handle(.character("1")) == .none, "the month wheel waits for 10, 11 or 12")
        #expect(view.handle(.enter) == .submit)
        #expect(view.value == "2026-01-01")
    }

    /// In a form, Tab, Shift-Tab and Enter belong to the form; the date
    /// field still keeps a day typed in part when the focus leaves it.
    @Test func aFormKeepsWhatWasTypedInItsDateFieldOnTab() {
        let options: JSON = [
            "fields": [
                [
                    "name": "when", "kind": "date",
                    "options": ["mode": "date", "initial": "2026-03-10", "time_zone": "Etc/UTC"],
                ],
                ["name": "note", "kind": "text"],
            ]
        ]
        var form = FormFields(options: options, value: nil)
        #expect(form.handle(.character("2")) == .none, "the day wheel waits for a second digit")
        #expect(form.handle(.tab) == .changed)
        #expect(form.value["when"] == "2026-03-02")
        #expect(form.focus == 1)
        _ = form.handle(.backTab)
        _ = form.handle(.character("1"))
        #expect(form.handle(.enter) == .submit)
        #expect(form.value["when"] == "2026-03-01", "Enter submits what was typed")
    }

    @Test func movingFocusStartsTypingAfresh() {
        var view = date("2026-03-10")
        _ = press(&view, .character("2"), .left, .character("1"), .character("1"))
        #expect(view.value == "2026-11-02")
    }

    // MARK: weekday, time zone, hints

    @Test func theWeekdayIsShownUnderTheWheels() {
        let lines = date("2026-03-10").render(width: 80, height: 10, focused: true).map(\.text)
        #expect(lines.contains { $0.contains("Tuesday") }, "\(lines)")
        var view = date("2026-03-10")
        _ = view.handle(.down)
        #expect(view.render(width: 80, height: 10, focused: true).contains { $0.text.contains("Wednesday") })
    }

    @Test func aDateTimeShowsItsTimeZone() {
        let lines = wheels(Self.berlin).render(width: 80, height: 10, focused: true).map(\.text)
        #expect(lines.contains { $0.contains("Sunday · Europe/Berlin") }, "\(lines)")
    }

    @Test func weekdaysBeforeTheEpochAreRight() {
        #expect(WheelMoment("1969-12-31", mode: .date)?.weekdayName == "Wednesday")
        #expect(WheelMoment("1970-01-01", mode: .date)?.weekdayName == "Thursday")
        #expect(WheelMoment("2027-01-15", mode: .date)?.weekdayName == "Friday")
    }

    @Test func hintsNameThePageKeysAndDigits() {
        #expect(date("2026-03-10").hints.contains("PgUp/PgDn month"))
        #expect(wheels(["mode": "time", "initial": "10:30"]).hints.contains("PgUp/PgDn hour"))
        #expect(date("2026-03-10").hints.contains("0-9"))
    }
}
