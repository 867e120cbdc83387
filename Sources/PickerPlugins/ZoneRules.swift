import Foundation

/// A time zone's offsets, and the one rule for turning a wall-clock time into an
/// instant where the clocks skip or repeat (RFC 5545's and JavaScript Temporal's
/// "compatible" choice):
/// - in a gap (spring forward), the time moves forward by the gap's length:
///   02:30 on the night New York skips 02:00–03:00 is 03:30 EDT;
/// - in an overlap (fall back), it means the first occurrence, the earlier
///   instant: 01:30 on the night New York repeats 01:00–02:00 is 01:30 EDT
///   (-04:00). An explicit offset (`01:30-05:00`) picks the second.
struct ZoneRules: Sendable {
    let identifier: String
    private let zone: TimeZone

    init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.identifier = identifier
        self.zone = zone
    }

    /// Seconds east of UTC at an instant (seconds since the epoch).
    func offset(atInstant instant: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant))))
    }

    func local(forInstant instant: Int64) -> Int64 {
        instant + offset(atInstant: instant)
    }

    func instant(forLocal local: Int64) -> Int64 {
        // The offsets in force on either side of this wall time; a zone changes
        // offset at most once within two days.
        let before = offset(atInstant: local - 2 * 86_400)
        let after = offset(atInstant: local + 2 * 86_400)
        let valid = Set([before, after]).filter { offset(atInstant: local - $0) == $0 }
        if let earliest = valid.max() {
            return local - earliest
        }
        // A gap: read the time with the offset from before the transition.
        return local - before
    }
}
