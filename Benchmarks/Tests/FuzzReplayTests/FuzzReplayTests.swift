import Foundation
import PickerTestSupport
import Testing

/// The fuzz target's seeds and every input it ever found a fault with
/// (Tests/Fuzz/regressions) replayed through the built pickerfuzz.
@Suite(.tags(.process)) struct FuzzReplayTests {
    /// The repository's Tests/Fuzz, four folders up from Benchmarks/Tests/FuzzReplayTests/this file.
    static let fuzzFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests").appendingPathComponent("Fuzz")

    // Both replays run for minutes under a sanitizer: they wait off the pool,
    // where holding both of its threads stalled every other test (and tripped
    // the time limits of tests that had not even begun).
    @Test func seedsAndRegressionsReplayCleanly() async throws {
        let folders = ["seeds", "regressions"].map { Self.fuzzFolder.appendingPathComponent($0).path }
        let result = try await offThePool { try Command.run(DaemonProcess.executable("pickerfuzz").path, folders) }
        #expect(result.status == 0, "\(result.output.suffix(2000))")
        #expect(result.output.contains("every answer was a JSON-RPC line and the stack stayed consistent"))
    }

    /// The MCP server's fuzz target (`Tests/Fuzz/run --mcp`): its seeds and regressions.
    @Test func mcpSeedsAndRegressionsReplayCleanly() async throws {
        let folders = ["seeds", "regressions"].map {
            Self.fuzzFolder.appendingPathComponent("mcp").appendingPathComponent($0).path
        }
        let result = try await offThePool {
            try Command.run(DaemonProcess.executable("pickerfuzz").path, ["--mcp"] + folders)
        }
        #expect(result.status == 0, "\(result.output.suffix(2000))")
        #expect(
            result.output.contains("inputs through the MCP server; every line it wrote was a JSON-RPC response"),
            "\(result.output)")
    }

    @Test func replayingHoldsNoMemoryPerInput() async throws {
        let seeds = Self.fuzzFolder.appendingPathComponent("seeds").path
        // Under AddressSanitizer, freed memory waits in a quarantine: without it, RSS means the same.
        var inherited = ProcessInfo.processInfo.environment
        inherited["ASAN_OPTIONS"] = (inherited["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "quarantine_size_mb=0"
        let environment = inherited
        let result = try await offThePool {
            try Command.run(
                DaemonProcess.executable("pickerfuzz").path, ["--repeat", "200", seeds], environment: environment)
        }
        #expect(result.status == 0)
        // "resident memory A KiB after the first round, B KiB after 200"
        let numbers = result.output.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let grown = numbers.count >= 2 ? numbers[1] - numbers[0] : Int.max
        // Each embedded daemon used to keep its core and connections: ~8 KiB an input, 15 MiB here.
        #expect(grown < 4 * 1024, "\(result.output)")
    }
}
