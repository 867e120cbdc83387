import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Clients that misbehave against the real daemon: each test checks that
/// another client is still answered and that the daemon's memory stays within
/// a generous ceiling. Times are printed, never asserted.
@Suite(.tags(.process), .serialized) struct HostileClientTests {
    /// Raises this process's descriptor limit to at least `wanted` (to 20,000
    /// when allowed, as other suites run meanwhile), or says why not.
    static func allowDescriptors(_ wanted: Int) -> String? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return "getrlimit failed" }
        if limit.rlim_cur >= 20_000 { return nil }
        guard limit.rlim_max >= rlim_t(wanted) else {
            return "the hard limit on open files is \(limit.rlim_max), below \(wanted)"
        }
        limit.rlim_cur = min(limit.rlim_max, 20_000)
        return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? nil : "setrlimit refused \(wanted) open files"
    }

    /// The daemon's connection count once it is `count`, or the last seen after 5 s.
    static func connections(reaching count: Int64, _ client: TestClient) throws -> JSON? {
        var connections: JSON?
        // A daemon built with a sanitizer, on a loaded machine, accepting
        // thousands at once, may take a while: as long as it keeps counting.
        _ = try holdsWithin(120, every: 0.05) {
            connections = try client.result("status", timeout: 60)["connections"]
            return connections == .integer(count)
        }
        return connections
    }

    static func pingTime(_ client: TestClient) throws -> Double {
        let start = Date()
        #expect(try client.result("ping", timeout: 60) == "pong")
        return Date().timeIntervalSince(start) * 1000
    }

    @Test func slowlorisConnectionsDoNotStallOthersAndAreClosed() throws {
        if let reason = Self.allowDescriptors(2_200) {
            print("skipped: \(reason)")
            return
        }
        let daemon = try DaemonProcess(config: #"{"limits": {"partial_line_timeout_ms": 3000}}"#, logLevel: "warning")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try residentKilobytes(of: daemon.pid)
        let slow = try (0..<1000).map { _ in try TestClient(socketPath: daemon.socketPath) }
        let partial = Array(#"{"jsonrpc":"2.0","id":1,"method":"pi"#.utf8)
        var slowest = 0.0
        for byte in partial.prefix(20) {
            for client in slow { client.send(raw: [byte]) }
            slowest = max(slowest, try Self.pingTime(bystander))
        }
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        #expect(grown < 64 * 1024, "1,000 partial lines grew the daemon by \(grown) KiB")
        // Held longer than partial_line_timeout_ms (counted from the first byte), they are cut off.
        #expect(slow.allSatisfy { $0.closes(within: 10) })
        let connections = try Self.connections(reaching: 1, bystander)
        #expect(connections == 1)
        print(
            "slowloris: 1,000 connections × 20 single bytes; slowest bystander ping \(Int(slowest)) ms; daemon grew \(grown) KiB"
        )
    }

    @Test func aSubscriberThatNeverReadsWhile100000EventsHappen() throws {
        let config = #"{"limits": {"max_windows": 200000, "max_windows_per_connection": 200000}}"#
        let daemon = try DaemonProcess(config: config, logLevel: "warning")
        let sleeper = try TestClient(socketPath: daemon.socketPath)
        _ = try sleeper.result("subscribe")
        let producer = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try residentKilobytes(of: daemon.pid)
        let batch =
            "["
            + (0..<1000).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"present","params":{"kind":"text"}}"# }
            .joined(separator: ",") + "]"
        var slowest = 0.0
        // Each present makes window.presented, window.key and (for the window
        // below it) window.resigned_key: 34 batches make over 100,000 events.
        for _ in 0..<34 {
            producer.send(line: batch)
            _ = try producer.readLine(timeout: 120)
            slowest = max(slowest, try Self.pingTime(bystander))
        }
        let status = try bystander.result("status")
        #expect(status["windows"]?["visible"] == 34_000)
        #expect(status["subscriptions"] == 0, "the sleeper was cut off at max_event_queue")
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        // 34,000 open windows are about 25 MiB in a debug build; an unbounded event queue would add over 40 MiB.
        #expect(grown < 128 * 1024, "the daemon grew by \(grown) KiB")
        // What the kernel still holds for it, then the end: its connection was closed
        // (the -32006 that says why could not go out behind events it never read).
        #expect(sleeper.closes(within: 30))
        print(
            "100,000+ events with a sleeping subscriber: slowest bystander ping \(Int(slowest)) ms; daemon grew \(grown) KiB"
        )
    }

    @Test func tenThousandIdleConnections() throws {
        if let reason = Self.allowDescriptors(10_300) {
            print("skipped: \(reason)")
            return
        }
        let daemon = try DaemonProcess(logLevel: "warning")
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let baseline = try residentKilobytes(of: daemon.pid)
        var idle: [TestClient] = []
        for _ in 0..<10_000 { idle.append(try TestClient(socketPath: daemon.socketPath)) }
        var connections = try Self.connections(reaching: 10_001, bystander)
        #expect(connections == 10_001)
        let slowest = try Self.pingTime(bystander)
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        #expect(grown < 256 * 1024, "10,000 idle connections grew the daemon by \(grown) KiB")
        for client in idle { client.close() }
        idle.removeAll()
        connections = try Self.connections(reaching: 1, bystander)
        #expect(connections == 1)
        print(
            "10,000 idle connections: bystander ping \(Int(slowest)) ms; daemon grew \(grown) KiB (\(grown * 1024 / 10_000) bytes each)"
        )
    }

    @Test func connectionsThatComeAndGoLeaveNothingBehind() throws {
        let daemon = try DaemonProcess(logLevel: "warning")
        func churn(_ count: Int) throws {
            for _ in 0..<count {
                let client = try TestClient(socketPath: daemon.socketPath)
                #expect(try client.result("ping") == "pong")
            }
        }
        try churn(1000)
        let baseline = try residentKilobytes(of: daemon.pid)
        try churn(10_000)
        let grown = try residentKilobytes(of: daemon.pid) - baseline
        // Each connection used to keep its handler, context and channel: about 550 bytes, 5 MiB here.
        #expect(grown < 3 * 1024, "10,000 closed connections grew the daemon by \(grown) KiB")
        print("10,000 connections opened and closed: the daemon grew \(grown) KiB")
    }

    // Hostile lines, and clients that vanish in the middle of every method: InProcessHostileClientTests.

    @Test func aCatastrophicPatternDoesNotStallTheDaemon() throws {
        let daemon = try DaemonProcess(logLevel: "warning")
        let client = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "text", "options": ["pattern": "(a+)+$"]])["window"]!
        let value = JSON.string(String(repeating: "a", count: 4000) + "!")
        let id = client.start("submit", ["window": window, "value": value])
        #expect(try bystander.result("ping", timeout: 30) == "pong")
        let error = try #require(try client.response(to: id, timeout: 30).failure)
        #expect(error.code == .invalidParams)
        #expect(error.message.contains("does not match the required pattern"))
        #expect(
            try client.error("present", ["kind": "text", "options": ["pattern": "(a)\\1"]]).message.contains(
                "backreferences"))
    }

    /// A subscription's filters once were tried one by one for every event: a
    /// few subscriptions of 75,000 filters made every present cost seconds.
    /// Now 10,000 are the most a request's list holds (75,000 are refused
    /// while the line is read), and 10,000 cost no more per event than one.
    @Test func subscriptionsWithHugeFilterListsCostNothingPerEvent() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "warning")
        let subscriber = try TestClient(socketPath: daemon.socketPath)
        let tooMany = JSON.array(Array(repeating: "window.key", count: 75_000))
        #expect(try subscriber.error("subscribe", ["events": tooMany], timeout: 60).code == .invalidParams)
        let filters = JSON.array(Array(repeating: "window.key", count: 10_000))
        for _ in 0..<8 { _ = try subscriber.result("subscribe", ["events": filters], timeout: 60) }
        let asker = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        asker.send(.array((0..<200).map { asker.request("present", ["kind": "text"], id: .integer(Int64($0))) }))
        var slowest = 0.0
        var answer: JSON?
        let deadline = Date().addingTimeInterval(120)
        while answer == nil, Date() < deadline {
            slowest = max(slowest, try Self.pingTime(bystander))
            answer = try? asker.readMessage(timeout: 0.01)
        }
        #expect(slowest < 10_000)
        #expect(answer?.arrayValue?.count == 200)
        #expect(try subscriber.takeEvents(count: 8, timeout: 30).count == 8)
        print("8 subscriptions of 10,000 filters, 200 presents: bystander ping \(Int(slowest)) ms")
    }

    /// Sixty thousand waits that time out together once stalled the daemon
    /// for seconds: each removal searched the window's whole list of waiters.
    /// (Fewer under a sanitizer, which makes every request several times slower.)
    @Test func sixtyThousandWaitsExpiringTogether() throws {
        let batches = 10 / Sanitizer.current.loadDivisor
        let total = 6 * batches * 1000
        // Long enough for every wait to be in before the first expires, however slow the build.
        let timeout = 3000 * Sanitizer.current.loadDivisor
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "warning")
        let owner = try TestClient(socketPath: daemon.socketPath)
        let window = try owner.result("present", ["kind": "text"])["window"]!
        let waiting = try (0..<6).map { _ in try TestClient(socketPath: daemon.socketPath) }
        for client in waiting {
            for round in 0..<batches {
                client.send(
                    .array(
                        (0..<1000).map {
                            client.request(
                                "wait", ["window": window, "timeout_ms": .integer(Int64(timeout))],
                                id: .string("\(round)-\($0)"))
                        }))
            }
            #expect(try client.result("ping", timeout: 60) == "pong")
        }
        // They all expire about now; the bystander pings meanwhile. (Batches
        // answered before a ping's answer were kept aside by `result`.)
        let early = waiting.flatMap { $0.others.compactMap(\.arrayValue) }
        var slowest = 0.0
        var expired = early.joined().filter { $0["error"]?["code"] == -32003 }.count
        var answered = early.count
        let deadline = Date().addingTimeInterval(120)
        while answered < total / 1000, Date() < deadline {
            slowest = max(slowest, try Self.pingTime(owner))
            for client in waiting {
                while let batch = try? client.readMessage(timeout: 0.01)?.arrayValue {
                    answered += 1
                    expired += batch.filter { $0["error"]?["code"] == -32003 }.count
                }
            }
        }
        #expect(expired == total)
        #expect(slowest < 10_000)
        print("\(total) waits expiring together: slowest bystander ping \(Int(slowest)) ms")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
