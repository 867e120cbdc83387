import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// One connection, or one user's connections, must not bloat the daemon by
/// asking for answers and events it never reads: past
/// `limits.max_write_backlog_bytes` the connection is closed, and the memory
/// comes back. Sizes are printed; the ceilings are generous.
@Suite(.tags(.process), .serialized) struct WriteBacklogTests {
    static let nobody: UInt32 = 65534

    /// Presents `count` text windows over `client`, in batches.
    static func present(_ count: Int, on client: TestClient) throws {
        var left = count
        while left > 0 {
            let batch = min(left, 1000)
            client.send(
                .array(
                    (0..<batch).map {
                        client.request("present", ["kind": "text", "title": "Deploy date"], id: .integer(Int64($0)))
                    }))
            guard try client.readMessage(timeout: 60)?.arrayValue?.count == batch else {
                throw TestFailure("a batch of presents failed")
            }
            left -= batch
        }
    }

    /// RSS once it has settled: the daemon's memory after a change finishes.
    /// The peak (VmHWM) starts again from here.
    static func settledKilobytes(of daemon: DaemonProcess, _ bystander: TestClient) throws -> Int {
        _ = try bystander.result("ping", timeout: 60)
        try "5".write(toFile: "/proc/\(daemon.pid)/clear_refs", atomically: false, encoding: .utf8)
        return try residentKilobytes(of: daemon.pid)
    }

    /// The highest RSS since the last `settledKilobytes`.
    static func peakKilobytes(of daemon: DaemonProcess) throws -> Int {
        try residentKilobytes(of: daemon.pid, field: "VmHWM")
    }

    @Test func aBatchOfListsForAPeerThatNeverReads() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "info")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        try Self.present(2000, on: bystander)
        let baseline = try Self.settledKilobytes(of: daemon, bystander)
        // Each answer is a list of 2,000 windows, about 400 KB: 1,000 of them
        // would be 400 MB queued for a peer that reads nothing.
        let sleeper = try TestClient(socketPath: daemon.socketPath)
        sleeper.send(.array((0..<1000).map { sleeper.request("list", nil, id: .integer(Int64($0))) }))
        #expect(sleeper.closes(within: 30), "the peer that let its answers pile up is closed")
        _ = try bystander.result("ping")
        let peak = try Self.peakKilobytes(of: daemon) - baseline
        #expect(peak < 96 * 1024 * Sanitizer.current.memoryFactor, "the daemon grew by \(peak) KiB")
        #expect(daemon.log.contains("more than limits.max_write_backlog_bytes"))
        let left = try Self.settledKilobytes(of: daemon, bystander) - baseline
        #expect(left < 32 * 1024 * Sanitizer.current.memoryFactor, "\(left) KiB stayed after the peer left")
        print("a batch of 1,000 lists of 2,000 windows, never read: the daemon grew \(peak) KiB, \(left) KiB after")
    }

    @Test func batchesFromManyConnectionsOfOneUser() throws {
        let config =
            #"{"socket": {"mode": "0666"}, "state": {"durability": "memory"}, "limits": {"max_write_backlog_bytes": 1048576}}"#
        let daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755, logLevel: "warning")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try Self.settledKilobytes(of: daemon, bystander)
        // `plugins` needs no permission and answers about 3.7 KB: 20 × 1,000
        // of them are 74 MB for a user who reads none.
        var hostile: [TestClient] = []
        var slowest = 0.0
        for _ in 0..<20 {
            let client = try TestClient(socketPath: daemon.socketPath, uid: Self.nobody)
            client.send(.array((0..<1000).map { client.request("plugins", nil, id: .integer(Int64($0))) }))
            hostile.append(client)
            let start = Date()
            _ = try bystander.result("ping", timeout: 60)
            slowest = max(slowest, Date().timeIntervalSince(start) * 1000)
        }
        let peak = try Self.peakKilobytes(of: daemon) - baseline
        #expect(peak < 24 * 1024 * Sanitizer.current.memoryFactor, "the daemon grew by \(peak) KiB")
        let closed = hostile.filter { $0.closes(within: 10) }.count
        #expect(closed == 20, "only \(closed) of 20 connections were closed")
        for client in hostile { client.close() }
        let left = try Self.settledKilobytes(of: daemon, bystander) - baseline
        #expect(left < 32 * 1024 * Sanitizer.current.memoryFactor, "\(left) KiB stayed after the user left")
        print(
            "20 connections × 1,000 plugins, never read: \(closed) closed; grew \(peak) KiB, \(left) KiB after; slowest bystander ping \(Int(slowest)) ms"
        )
    }

    @Test func subscribersOfOneUserThatNeverRead() throws {
        let config = #"""
            {"socket": {"mode": "0666"}, "state": {"durability": "memory"}, "limits": {"max_write_backlog_bytes": 1048576},
             "permissions": {"rules": [{"uid": 65534, "allow": ["observe"]}]}}
            """#
        let daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755, logLevel: "warning")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try Self.settledKilobytes(of: daemon, bystander)
        var sleepers: [TestClient] = []
        for _ in 0..<50 {
            let client = try TestClient(socketPath: daemon.socketPath, uid: Self.nobody)
            _ = try client.result("subscribe")
            sleepers.append(client)
        }
        // 500 present+submit cycles are about 2,000 events of 250 bytes for
        // each of the 50: 25 MB if every subscriber's queue may fill.
        let asker = try TestClient(socketPath: daemon.socketPath)
        var slowest = 0.0
        for round in 0..<5 {
            asker.send(.array((0..<100).map { asker.request("present", ["kind": "text"], id: .integer(Int64($0))) }))
            let windows = try #require(try asker.readMessage(timeout: 60)?.arrayValue).compactMap {
                $0["result"]?["window"]
            }
            asker.send(
                .array(
                    windows.enumerated().map {
                        asker.request("submit", ["window": $1, "value": "x"], id: .integer(Int64($0)))
                    }))
            _ = try asker.readMessage(timeout: 60)
            let start = Date()
            _ = try bystander.result("ping", timeout: 60)
            slowest = max(slowest, Date().timeIntervalSince(start) * 1000)
            _ = round
        }
        let peak = try Self.peakKilobytes(of: daemon) - baseline
        #expect(peak < 12 * 1024 * Sanitizer.current.memoryFactor, "the daemon grew by \(peak) KiB")
        // Closed one by one until what the rest leave unread is within the
        // limit. Counted by the daemon: reading the closed ones to their end,
        // hundreds of kilobytes each, takes longer than 30 s on a loaded
        // machine under a sanitizer.
        var closed = 0
        _ = try holdsWithin(30, every: 0.05) {
            let connections = try bystander.result("status", timeout: 60)["connections"]?.integerValue ?? 0
            closed = sleepers.count + 2 - Int(connections)
            return closed >= 30
        }
        #expect(closed >= 30, "only \(closed) of the 50 subscribers were closed")
        for client in sleepers { client.close() }
        let left = try Self.settledKilobytes(of: daemon, bystander) - baseline
        #expect(left < 32 * 1024 * Sanitizer.current.memoryFactor, "\(left) KiB stayed after the subscribers left")
        print(
            "50 subscribers that never read, 500 cycles: \(closed) closed; grew \(peak) KiB, \(left) KiB after; slowest bystander ping \(Int(slowest)) ms"
        )
    }
}
