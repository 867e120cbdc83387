import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct DatePluginTests {
    let harness = PluginHarness()

    func date(_ value: String, _ options: JSONObject = [:]) throws -> String? {
        try harness.normalize("date", options, .string(value)).stringValue
    }

    @Test func leapYearsAndImpossibleDates() throws {
        #expect(try date("2024-02-29") == "2024-02-29")
        #expect(try date("2000-02-29") == "2000-02-29")
        #expect(
            harness.valueError("date", [:], "2026-02-29")?.message
                == "2026-02-29 is not a date: February 2026 has 28 days")
        #expect(
            harness.valueError("date", [:], "2026-02-30")?.message
                == "2026-02-30 is not a date: February 2026 has 28 days")
        #expect(
            harness.valueError("date", [:], "1900-02-29")?.message
                == "1900-02-29 is not a date: February 1900 has 28 days")
        #expect(
            harness.valueError("date", [:], "2026-04-31")?.message == "2026-04-31 is not a date: April 2026 has 30 days"
        )
        #expect(
            harness.valueError("date", [:], "2026-13-01")?.message == "2026-13-01 is not a date: there is no month 13")
        #expect(
            harness.valueError("date", [:], "2026-3-4")?.message
                == "'2026-3-4' is not a date; use YYYY-MM-DD, today, or a relative date like +7d")
        #expect(harness.valueError("date", [:], 20_260_304)?.message == "a date value must be a string, not an integer")
    }

    @Test func relativeSpecsCountFromNow() throws {
        // now is 2026-01-31T10:20:30Z
        #expect(try date("today") == "2026-01-31")
        #expect(try date("now") == "2026-01-31")
        #expect(try date("+7d") == "2026-02-07")
        #expect(try date("-2w") == "2026-01-17")
        #expect(try date("+1m") == "2026-02-28", "January 31 + 1 month is the end of February")
        #expect(try date("+1y") == "2027-01-31")
        #expect(try date("-1y") == "2025-01-31")
        #expect(try date("+14h") == "2026-02-01")
        let datetime: JSONObject = ["mode": "datetime"]
        #expect(try date("now", datetime) == "2026-01-31T10:20:00+00:00")
        #expect(try date("today", datetime) == "2026-01-31T00:00:00+00:00")
        #expect(try date("+3h", datetime) == "2026-01-31T13:20:00+00:00")
        #expect(try date("-30min", datetime) == "2026-01-31T09:50:00+00:00")
        #expect(try date("+1m", datetime) == "2026-02-28T10:20:00+00:00")
        #expect(try date("+3h", ["mode": "time"]) == "13:20")
        #expect(try date("-30min", ["mode": "time"]) == "09:50")
        #expect(
            harness.valueError("date", [:], "+3x")?.message
                == "'+3x' has an unknown unit 'x'; use d, w, m (months), y, h or min")
        #expect(harness.valueError("date", [:], "+d")?.message.hasPrefix("'+d' is not a relative date") == true)
    }

    @Test func boundsAreResolvedAndEnforced() throws {
        let options: JSONObject = ["min": "today", "max": "+7d"]
        let picker = try harness.prepare("date", options)
        #expect(
            picker.options == [
                "mode": "date", "min": "2026-01-31", "max": "2026-02-07", "initial": "2026-01-31", "time_zone": "UTC",
            ])
        #expect(try date("2026-02-07", options) == "2026-02-07")
        harness.expectRejections(
            "date", options,
            [
                "2026-02-08": "2026-02-08 is after the latest allowed, 2026-02-07",
                "2026-01-30": "2026-01-30 is before the earliest allowed, 2026-01-31",
            ])
    }

    @Test func minAfterMaxIsRejected() {
        #expect(
            harness.optionsError("date", ["min": "2026-01-01", "max": "2025-12-31"])
                == "option 'max' (2025-12-31) must not be before option 'min' (2026-01-01)")
        #expect(
            harness.optionsError("date", ["mode": "time", "min": "18:00", "max": "09:00"])
                == "option 'max' (09:00) must not be before option 'min' (18:00)")
        #expect(
            harness.optionsError("date", ["min": "2026-02-30"])
                == "option 'min': 2026-02-30 is not a date: February 2026 has 28 days")
    }

    @Test func initialDefaultsToTodayWithinBoundsAndMustFitThem() throws {
        #expect(try harness.prepare("date", ["min": "2026-03-01"]).initialValue == "2026-03-01")
        #expect(try harness.prepare("date", ["max": "2026-01-01"]).initialValue == "2026-01-01")
        #expect(try harness.prepare("date", ["initial": "2026-03-10"]).initialValue == "2026-03-10")
        #expect(
            harness.optionsError("date", ["initial": "2026-01-01", "min": "today"])
                == "option 'initial': 2026-01-01 is before the earliest allowed, 2026-01-31")
    }

    @Test func timeModeAndMinuteInterval() throws {
        let quarter: JSONObject = ["mode": "time", "minute_interval": 15]
        #expect(try date("14:30", quarter) == "14:30")
        #expect(try date("14:45:00", quarter) == "14:45")
        harness.expectRejections(
            "date", quarter,
            [
                "14:37": "14:37 is not on the 15-minute interval; choose 14:30 or 14:45",
                "14:30:10": "'14:30:10' has seconds; this picker chooses whole minutes (use :00)",
            ])
        #expect(harness.valueError("date", quarter, "24:00")?.message.hasPrefix("'24:00' is not a time") == true)
        #expect(try harness.prepare("date", quarter).initialValue == "10:30", "now (10:20) rounds up to the interval")
        #expect(
            harness.optionsError("date", ["mode": "time", "minute_interval": 7])?.hasPrefix(
                "option 'minute_interval' must divide 60") == true)
        #expect(harness.optionsError("date", ["mode": "time", "minute_interval": 60]) != nil)
        #expect(
            harness.optionsError("date", ["minute_interval": 5])
                == "option 'minute_interval' applies to the time and datetime modes only")
        let datetime: JSONObject = ["mode": "datetime", "minute_interval": 30]
        #expect(
            harness.valueError("date", datetime, "2026-03-01T09:10:00Z")?.message
                == "2026-03-01T09:10:00+00:00 is not on the 30-minute interval; choose 09:00 or 09:30")
    }

    @Test func datetimeIsNormalizedToTheZoneWithOffset() throws {
        let shanghai: JSONObject = ["mode": "datetime", "time_zone": "Asia/Shanghai"]
        #expect(try date("2026-11-21T06:30:00Z", shanghai) == "2026-11-21T14:30:00+08:00", "Z re-expressed in the zone")
        #expect(try date("2026-11-21T14:30:00+08:00", shanghai) == "2026-11-21T14:30:00+08:00")
        #expect(try date("2026-11-21T01:30:00-05:00", shanghai) == "2026-11-21T14:30:00+08:00")
        #expect(
            try date("2026-11-21T14:30", shanghai) == "2026-11-21T14:30:00+08:00", "no offset: the zone's wall time")
        #expect(try date("2026-11-21 14:30:00", shanghai) == "2026-11-21T14:30:00+08:00")
        #expect(try date("2026-11-21T06:30:00.000Z", shanghai) == "2026-11-21T14:30:00+08:00")
        #expect(
            harness.valueError("date", shanghai, "2026-11-21T06:30:00.5Z")?.message
                == "'2026-11-21T06:30:00.5Z' has fractions of a second; this picker chooses whole minutes")
        #expect(
            harness.valueError("date", shanghai, "2026-11-21")?.message.hasPrefix("'2026-11-21' is not a date and time")
                == true)
        #expect(
            try date("2026-06-01T12:00:00Z", ["mode": "datetime", "time_zone": "Asia/Kathmandu"])
                == "2026-06-01T17:45:00+05:45")
        // The daemon's zone is the default.
        let berlin = PluginHarness(timeZone: "Europe/Berlin")
        #expect(
            try berlin.normalize("date", ["mode": "datetime"], "2026-07-01T10:00:00Z") == "2026-07-01T12:00:00+02:00")
    }

    @Test func daylightSavingGapsMoveForward() throws {
        let newYork: JSONObject = ["mode": "datetime", "time_zone": "America/New_York"]
        // 2026-03-08: clocks jump from 02:00 EST to 03:00 EDT; 02:30 does not exist.
        #expect(try date("2026-03-08T02:30", newYork) == "2026-03-08T03:30:00-04:00")
        #expect(try date("2026-03-08T01:59", newYork) == "2026-03-08T01:59:00-05:00")
        #expect(try date("2026-03-08T03:00", newYork) == "2026-03-08T03:00:00-04:00")
        #expect(try date("2026-03-08T07:30:00Z", newYork) == "2026-03-08T03:30:00-04:00")
    }

    @Test func daylightSavingOverlapsMeanTheFirstOccurrence() throws {
        let newYork: JSONObject = ["mode": "datetime", "time_zone": "America/New_York"]
        // 2026-11-01: clocks fall back from 02:00 EDT to 01:00 EST; 01:30 happens twice.
        #expect(try date("2026-11-01T01:30", newYork) == "2026-11-01T01:30:00-04:00")
        #expect(
            try date("2026-11-01T01:30:00-05:00", newYork) == "2026-11-01T01:30:00-05:00",
            "an explicit offset picks the second")
        #expect(try date("2026-11-01T06:30:00Z", newYork) == "2026-11-01T01:30:00-05:00")
        #expect(try date("2026-11-01T05:30:00Z", newYork) == "2026-11-01T01:30:00-04:00")
        // The two 01:30s are an hour apart, so bounds compare instants, not wall times.
        let bounded: JSONObject = [
            "mode": "datetime", "time_zone": "America/New_York", "max": "2026-11-01T01:45:00-04:00",
        ]
        #expect(
            harness.valueError("date", bounded, "2026-11-01T01:30:00-05:00")?.message
                == "2026-11-01T01:30:00-05:00 is after the latest allowed, 2026-11-01T01:45:00-04:00")
    }

    @Test func unknownZonesAndOptionsAreRejected() {
        #expect(
            harness.optionsError("date", ["time_zone": "Mars/Olympus_Mons"])
                == "unknown time zone 'Mars/Olympus_Mons' in option 'time_zone'; use an IANA name such as Europe/Berlin"
        )
        #expect(
            harness.optionsError("date", ["mode": "week"]) == "option 'mode' must be date, time or datetime, not 'week'"
        )
        #expect(
            harness.optionsError("date", ["minimum": "today"])
                == "unknown option 'minimum' for date; known options are mode, min, max, initial, minute_interval, time_zone, locale"
        )
        #expect(harness.optionsError("date", ["min": 5]) == "option 'min' must be a string, not an integer")
    }

    @Test func localeIsPassedThroughForFrontEnds() throws {
        let picker = try harness.prepare("date", ["locale": "zh", "time_zone": "Asia/Shanghai"])
        #expect(picker.options["locale"] == "zh")
        #expect(picker.options["time_zone"] == "Asia/Shanghai")
        #expect(picker.initialValue == "2026-01-31", "today in Shanghai at 18:20")
    }
}
