import Foundation
import PickerSystem
import PickerTestSupport
import Testing

@testable import PickerPlugins

/// pickerd reads zoneinfo itself (TZif and its POSIX footer rule); glibc's
/// `date` reading the same files is the reference.
@Suite struct ZoneRulesTests {
    static let zones = [
        "America/New_York", "Europe/Dublin", "Australia/Sydney", "Asia/Tehran", "America/Sao_Paulo", "Pacific/Chatham",
        "Africa/Casablanca", "Asia/Kolkata", "Europe/London", "America/St_Johns", "Pacific/Apia", "Antarctica/Troll",
    ]

    /// Instants from 1890 to 2100: every 11 days and 7 hours, plus a second either side of each New York transition in 2026.
    static let instants: [Int64] =
        Array(stride(from: Int64(-2_524_521_600), to: 4_102_444_800, by: 11 * 86_400 + 7 * 3600))
        + [1_772_953_199, 1_772_953_200, 1_793_512_799, 1_793_512_800]

    @Test(.tags(.process), arguments: zones) func offsetsAgreeWithGlibc(zone: String) throws {
        guard FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/\(zone)") else {
            print("skipped: /usr/share/zoneinfo/\(zone) is missing (apt-get install tzdata)")
            return
        }
        let rules = try #require(ZoneRules(identifier: zone))
        let expected = try Self.glibcOffsets(zone: zone, instants: Self.instants)
        var mismatches: [String] = []
        for (instant, offset) in zip(Self.instants, expected) where rules.offset(atInstant: instant) != offset {
            mismatches.append("@\(instant): \(rules.offset(atInstant: instant)) vs glibc \(offset)")
        }
        #expect(mismatches.isEmpty, "\(zone): \(mismatches.count) mismatches, first \(mismatches.prefix(3))")
    }

    @Test func footerRulesCoverYearsAfterTheLastTransition() throws {
        let newYork = try #require(PosixTimeZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        // 2045-03-12 is the second Sunday of March: 02:00 EST is 07:00 UTC.
        #expect(newYork.offset(atInstant: 2_372_914_799) == -5 * 3600)
        #expect(newYork.offset(atInstant: 2_372_914_800) == -4 * 3600)
        let dublin = try #require(PosixTimeZoneRule("IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(dublin.offset(atInstant: 2_368_094_400) == 0, "January 2045: winter is the negative 'daylight' time")
        #expect(dublin.offset(atInstant: 2_383_732_800) == 3600, "July 2045")
        let fixed = try #require(PosixTimeZoneRule("<+0330>-3:30"))
        #expect(fixed.offset(atInstant: 0) == 12_600)
        #expect(PosixTimeZoneRule("EST5EDT,M3.2") == nil)
        #expect(PosixTimeZoneRule("E5") == nil)
    }

    /// The cache of zones read is shared by every thread that reads a date:
    /// many at once get the same offsets as one alone. (Under ThreadSanitizer
    /// this also checks the lock is one it can follow: with Swift's Mutex, a
    /// contended hand-over went through the kernel unseen and was reported as
    /// a race.)
    @Test func manyThreadsReadZonesAtOnce() {
        let expected = Self.zones.map { ZoneRules(identifier: $0)?.offset(atInstant: 1_800_000_000) }
        let agreed = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 {
                let offsets = Self.zones.map { ZoneRules(identifier: $0)?.offset(atInstant: 1_800_000_000) }
                if offsets == expected { agreed.withLock { $0 += 1 } }
            }
        }
        #expect(agreed.withLock { $0 } == 8 * 200)
        #expect(!expected.contains(nil))
    }

    @Test func namesThatLeaveTheZoneFolderAreRefused() {
        #expect(ZoneRules(identifier: "../../etc/passwd") == nil)
        #expect(ZoneRules(identifier: "/etc/localtime") == nil)
        #expect(ZoneRules(identifier: "America/../../../etc/hostname") == nil)
        #expect(ZoneRules(identifier: "Not/AZone") == nil)
        #expect(ZoneRules(identifier: "UTC")?.offset(atInstant: 1_800_000_000) == 0)
    }

    @Test func theSystemZoneComesFromTZOrTheLocaltimeLink() {
        #expect(SystemTimeZone.identifier(environment: ":Europe/Berlin") == "Europe/Berlin")
        #expect(SystemTimeZone.identifier(environment: "/usr/share/zoneinfo/Asia/Tokyo") == "Asia/Tokyo")
        #expect(SystemTimeZone.zoneName(inPath: "../usr/share/zoneinfo/posix/Europe/Paris") == "Europe/Paris")
        #expect(!SystemTimeZone.identifier(environment: nil).isEmpty)
    }

    /// `date -f` reads one `@instant` per line and prints each one's offset (`+hh:mm:ss`).
    static func glibcOffsets(zone: String, instants: [Int64]) throws -> [Int64] {
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("instants-\(UUID().uuidString).txt")
        try instants.map { "@\($0)" }.joined(separator: "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/date")
        process.arguments = ["-f", input.path, "+%::z"]
        process.environment = ["TZ": zone, "PATH": "/usr/bin:/bin"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
            let sign: Int64 = line.hasPrefix("-") ? -1 : 1
            let parts = line.dropFirst().split(separator: ":").map { Int64($0) ?? 0 }
            return sign * (parts[0] * 3600 + parts[1] * 60 + parts[2])
        }
    }
}
