import PickerClient
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `--calendar`: a date, shown at `--day`/`--month`/`--year` (today's for
/// what is not given), printed through strftime(3) with `--date-format`,
/// else zenity's default `%x`: the date as the caller's locale writes it
/// (LC_TIME; `03/05/26` in C).
struct ZenityCalendar: ZenityDialog {
    var initial: String
    var format: StrftimeFormat

    /// zenity's default date format.
    static let localeDate = "%x"

    init(_ commandLine: ZenityCommandLine) {
        let today = Self.today
        let year = commandLine.integer("year") ?? today.year
        let month = commandLine.integer("month") ?? today.month
        let day = commandLine.integer("day") ?? today.day
        initial = Self.iso(year: year, month: month, day: day)
        format = StrftimeFormat(format: commandLine.value("date-format") ?? Self.localeDate)
    }

    /// Today on this machine's clock, in its time zone.
    static var today: (year: Int, month: Int, day: Int) {
        var now = time(nil)
        var fields = tm()
        localtime_r(&now, &fields)
        return (Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1, Int(fields.tm_mday))
    }

    /// `YYYY-MM-DD`, as pickerd writes a date; a day or month out of range
    /// (which GtkCalendar clamps) is brought within it.
    static func iso(year: Int, month: Int, day: Int) -> String {
        let month = min(max(month, 1), 12)
        let days = [
            31, year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
        ]
        let day = min(max(day, 1), days[month - 1])
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(min(max(year, 1), 9999), 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    var kind: BuiltInKind { .date }
    var defaultTitle: String { "Calendar selection" }
    var options: JSONObject { JSONObject([DateOption.initial: .string(initial)]) }
    var initialValue: JSON? { .string(initial) }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        .printed(format.formatted(value?.stringValue ?? initial) ?? "", timedOut: timedOut)
    }
}
