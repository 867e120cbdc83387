import PickerCore
import PickerProtocol
import Testing

@Suite struct CalendarTests {
    @Test func leapYears() {
        #expect(CivilDate.isLeapYear(2024) && CivilDate.isLeapYear(2000))
        #expect(!CivilDate.isLeapYear(2026) && !CivilDate.isLeapYear(1900) && !CivilDate.isLeapYear(2100))
        #expect(CivilDate.daysIn(month: 2, year: 2024) == 29 && CivilDate.daysIn(month: 2, year: 2026) == 28)
        #expect(CivilDate(validatingYear: 2026, month: 2, day: 30) == nil)
        #expect(CivilDate(validatingYear: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(validatingYear: 2026, month: 13, day: 1) == nil)
    }

    @Test func daysSinceEpochRoundTrips() {
        #expect(CivilDate(year: 1970, month: 1, day: 1).daysSinceEpoch == 0)
        #expect(CivilDate(year: 2000, month: 3, day: 1).daysSinceEpoch == 11_017)
        #expect(CivilDate(daysSinceEpoch: -1) == CivilDate(year: 1969, month: 12, day: 31))
        for day in stride(from: -800_000, through: 3_000_000, by: 97) {
            #expect(CivilDate(daysSinceEpoch: day).daysSinceEpoch == day)
        }
    }

    @Test func addingMonthsClampsToTheMonthsEnd() {
        #expect(CivilDate(year: 2026, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2026, month: 2, day: 28))
        #expect(CivilDate(year: 2024, month: 1, day: 31).adding(months: 1) == CivilDate(year: 2024, month: 2, day: 29))
        #expect(CivilDate(year: 2024, month: 2, day: 29).adding(months: 12) == CivilDate(year: 2025, month: 2, day: 28))
        #expect(
            CivilDate(year: 2026, month: 1, day: 15).adding(months: -1) == CivilDate(year: 2025, month: 12, day: 15))
        #expect(
            CivilDate(year: 2026, month: 3, day: 31).adding(months: -25) == CivilDate(year: 2024, month: 2, day: 29))
    }

    @Test func timestampsFormatAsRFC3339() {
        #expect(Timestamp(milliseconds: 0).rfc3339 == "1970-01-01T00:00:00Z")
        #expect(Timestamp(milliseconds: 1_795_300_267_000).rfc3339 == "2026-11-21T22:31:07Z")
        #expect(Timestamp(milliseconds: 1_795_300_267_045).rfc3339 == "2026-11-21T22:31:07.045Z")
        #expect(Timestamp(milliseconds: -1).rfc3339 == "1969-12-31T23:59:59.999Z")
    }
}
