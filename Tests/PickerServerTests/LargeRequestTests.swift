import Foundation
import PickerJSON
import PickerProtocol
import PickerSystem
import PickerTestSupport
import Synchronization
import Testing

/// Pings the daemon on a connection of its own, from a thread of its own, one
/// ping after another until stopped. All requests share one event loop, so the
/// slowest ping is how long another client's request held the daemon up.
final class Bystander: Sendable {
    struct Report {
        var pings = 0
        var slowest = 0.0
        var unanswered: [String] = []
    }

    /// How long one ping may wait: a stall, not a measure of speed.
    static let ceiling = 10.0

    private let client: TestClient
    private let report = Locked(Report())
    private let stopped = Atomic(false)
    private let finished = DispatchSemaphore(value: 0)

    init(socketPath: String) throws {
        client = try TestClient(socketPath: socketPath)
        _ = try client.result("ping")
        Thread.detachNewThread { [self] in pingUntilStopped() }
    }

    private func pingUntilStopped() {
        while !stopped.load(ordering: .relaxed) {
            let start = Date()
            do {
                let answer = try client.result("ping", timeout: Self.ceiling)
                if answer != "pong" { report.withLock { $0.unanswered.append("ping answered \(answer)") } }
            } catch TestClient.Failure.closed {
                report.withLock { $0.unanswered.append("the daemon closed the bystander's connection") }
                break
            } catch {
                report.withLock { $0.unanswered.append("\(error)") }
            }
            let milliseconds = Date().timeIntervalSince(start) * 1000
            report.withLock { report in
                report.pings += 1
                report.slowest = max(report.slowest, milliseconds)
            }
            // A fixed pace, not a wait: the pinger samples latency every 2 ms while the large request is read.
            usleep(2_000)
        }
        finished.signal()
    }

    func stop() -> Report {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
        return report.withLock { $0 }
    }
}

/// The largest pickers a person could use, and ones past the fixed limits
/// (PluginLimits), against the real daemon while another connection pings:
/// those at a limit are answered and the bystander with them; those past one
/// are refused with -32602, these (past 10,000 elements of one list, the
/// longest any kind takes) while the daemon reads their line. Times are printed, and
/// only a ping left unanswered for `Bystander.ceiling` fails a test.
@Suite(.tags(.process), .serialized) struct LargeRequestTests {
    /// Lines of a few MiB, so the oversized requests of issue 14 reach the plugins.
    static let config = #"{"limits": {"max_line_bytes": 4194304}}"#

    /// Runs `body` against a fresh daemon while a bystander pings; whatever
    /// `body` finds, expects every ping answered and prints the slowest.
    static func whilePinging(_ what: String, _ body: (TestClient) throws -> Void) throws {
        let daemon = try DaemonProcess(config: config, logLevel: "warning")
        let client = try TestClient(socketPath: daemon.socketPath)
        let bystander = try Bystander(socketPath: daemon.socketPath)
        defer {
            let report = bystander.stop()
            #expect(report.unanswered.isEmpty, "\(what): \(report.unanswered.prefix(3))")
            print("\(what): slowest bystander ping \(Int(report.slowest)) ms (\(report.pings) pings)")
        }
        try body(client)
    }

    /// Past the longest list any kind takes (10,000), the line is refused
    /// while json-c reads it (issue 27), before the plugin would count it.
    static func expectEarlyRefusal(_ error: RPCError) {
        #expect(error.code == .invalidParams)
        #expect(error.message.hasPrefix("an array or object holds more than 10000 elements"), "\(error.message)")
        #expect(error.message.hasSuffix("the rest of the line was not read"), "\(error.message)")
    }

    // MARK: actions

    @Test func anActionSheetAtTheLimitIsAnswered() throws {
        // 1,000 labels of 1,000 characters: a line of about 1 MB.
        let labels = (0..<1_000).map { index in
            let stem = "Action \(index) "
            return stem + String(repeating: "x", count: 1_000 - stem.count)
        }
        let actions = JSON.array(labels.map { ["label": .string($0)] })
        try Self.whilePinging("actions, 1,000 labels of 1,000 characters: present and submit") { client in
            let window = try #require(
                try client.result("present", ["kind": "actions", "options": ["actions": actions]], timeout: 120)[
                    "window"])
            let outcome = try client.result("submit", ["window": window, "value": .string(labels[999])], timeout: 120)
            #expect(outcome["value"] == ["index": 999, "label": .string(labels[999])])
        }
    }

    @Test func anActionSheetOverTheLimitIsRefused() throws {
        let actions = JSON.array((0..<58_000).map { ["label": .string("\($0)")] })
        try Self.whilePinging("actions, 58,000 labels: refused") { client in
            let error = try client.error("present", ["kind": "actions", "options": ["actions": actions]], timeout: 120)
            Self.expectEarlyRefusal(error)
        }
    }

    // MARK: form

    @Test func aFormAtTheLimitIsAnswered() throws {
        let fields = JSON.array((0..<1_000).map { ["name": .string("field \($0)"), "kind": "text"] })
        let value = JSON.object(JSONObject((0..<1_000).reversed().map { ("field \($0)", JSON.string("value \($0)")) }))
        try Self.whilePinging("form, 1,000 text fields: present, update and submit") { client in
            let window = try #require(
                try client.result("present", ["kind": "form", "options": ["fields": fields]], timeout: 120)["window"])
            _ = try client.result("update", ["window": window, "value": value], timeout: 120)
            let outcome = try client.result("submit", ["window": window, "value": value], timeout: 120)
            #expect(outcome["value"]?.objectValue?.keys == (0..<1_000).map { "field \($0)" })
        }
    }

    @Test func aFormOverTheLimitIsRefused() throws {
        let fields = JSON.array((0..<25_000).map { ["name": .string("f\($0)"), "kind": "text"] })
        try Self.whilePinging("form, 25,000 text fields: refused") { client in
            let error = try client.error("present", ["kind": "form", "options": ["fields": fields]], timeout: 120)
            Self.expectEarlyRefusal(error)
        }
    }

    // MARK: custom

    @Test func aTreeAtTheLimitIsAnswered() throws {
        // 10,000 branches of 9 leaves: 100,000 choices.
        let leaves = JSON.array((0..<9).map { .string("leaf \($0)") })
        let tree = JSON.object(JSONObject((0..<10_000).map { ("branch \($0)", leaves) }))
        try Self.whilePinging("custom, a tree of 10,000 branches of 9 leaves: present and submit") { client in
            let window = try #require(
                try client.result("present", ["kind": "custom", "options": ["tree": tree]], timeout: 120)["window"])
            let outcome = try client.result("submit", ["window": window, "value": ["branch 9999", 8]], timeout: 120)
            #expect(outcome["value"] == ["branch 9999", "leaf 8"])
        }
    }

    @Test func aTreeOverTheLimitIsRefused() throws {
        let tree = JSON.object(JSONObject((0..<70_000).map { ("k\($0)", ["x"]) }))
        try Self.whilePinging("custom, a tree of 70,000 keys: refused") { client in
            let error = try client.error("present", ["kind": "custom", "options": ["tree": tree]], timeout: 120)
            Self.expectEarlyRefusal(error)
        }
    }

    // MARK: text

    @Test func aPatternWithALargeClassOnALongTextIsAnswered() throws {
        // A class of 996 members: each character of the value was tried against every one.
        let options: JSON = [
            "pattern": .string("[" + String(repeating: "b", count: 995) + "a]*"), "max_length": 1_048_576,
        ]
        let value = JSON.string(String(repeating: "a", count: 200_000))
        try Self.whilePinging("text, a class of 996 members against 200,000 characters: submit") { client in
            let window = try #require(try client.result("present", ["kind": "text", "options": options])["window"])
            let outcome = try client.result("submit", ["window": window, "value": value], timeout: 120)
            #expect(outcome["value"] == value)
        }
    }
}
