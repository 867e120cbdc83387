import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Times on this machine's wall clock (its `TZ`), as a person reads and
/// types them; pickerd itself speaks UTC.
public enum LocalTime {
    /// RFC 3339 with the local offset, to the second: `2026-11-23T07:00:00+01:00`.
    public static func rfc3339(_ timestamp: Timestamp) -> String {
        var seconds = time_t(timestamp.milliseconds.floorDivided(by: 1000).quotient)
        var fields = tm()
        localtime_r(&seconds, &fields)
        let offsetMinutes = Int(fields.tm_gmtoff) / 60
        let date = "\(pad(Int(fields.tm_year) + 1900, 4))-\(pad(Int(fields.tm_mon) + 1))-\(pad(Int(fields.tm_mday)))"
        let time = "\(pad(Int(fields.tm_hour))):\(pad(Int(fields.tm_min))):\(pad(Int(fields.tm_sec)))"
        let offset = "\(offsetMinutes < 0 ? "-" : "+")\(pad(abs(offsetMinutes) / 60)):\(pad(abs(offsetMinutes) % 60))"
        return "\(date)T\(time)\(offset)"
    }

    /// The next time the wall clock shows `HH:MM` after `now`: today, or
    /// tomorrow once it has passed today. nil when `text` is no such time.
    public static func next(_ text: String, after now: Timestamp) -> Timestamp? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy { ("0"..."9").contains($0) } }),
            let hour = Int32(parts[0]), let minute = Int32(parts[1]), hour < 24, minute < 60
        else { return nil }
        var seconds = time_t(now.milliseconds.floorDivided(by: 1000).quotient)
        var today = tm()
        localtime_r(&seconds, &today)
        for daysAhead: Int32 in 0...1 {
            var wanted = today
            wanted.tm_mday += daysAhead
            wanted.tm_hour = hour
            wanted.tm_min = minute
            wanted.tm_sec = 0
            // Whether summer time applies that day is for mktime to say.
            wanted.tm_isdst = -1
            let instant = Timestamp(milliseconds: Int64(mktime(&wanted)) * 1000)
            if instant > now { return instant }
        }
        return nil
    }

    private static func pad(_ value: Int, _ width: Int = 2) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
