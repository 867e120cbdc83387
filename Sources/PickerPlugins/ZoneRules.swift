import PickerSystem

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
    private let file: TZifFile?

    /// Zones already read, by name; a zone file is read once per daemon.
    private static let cache = Locked<[String: TZifFile]>([:])

    init?(identifier: String) {
        self.identifier = identifier
        if [
            "UTC", "Etc/UTC", "GMT", "Etc/GMT", "Z", "Zulu", "Etc/Zulu", "UCT", "Etc/UCT", "Universal", "Etc/Universal",
        ]
        .contains(identifier) {
            file = nil
            return
        }
        if let cached = Self.cache.withLock({ $0[identifier] }) {
            file = cached
            return
        }
        guard let loaded = TZifFile.load(identifier: identifier) else { return nil }
        Self.cache.withLock { cache in
            if cache.count < 1000 { cache[identifier] = loaded }
        }
        file = loaded
    }

    /// Seconds east of UTC at an instant (seconds since the epoch).
    func offset(atInstant instant: Int64) -> Int64 {
        file?.offset(atInstant: instant) ?? 0
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
