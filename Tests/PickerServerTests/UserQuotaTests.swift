import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// One user must not starve the others: per-user quotas, the room kept for
/// the daemon's own user and root, and retention that holds per user. The
/// hostile user is uid 65534, connecting through `TestClient(socketPath:uid:)`.
@Suite(.tags(.process)) struct UserQuotaTests {
    static let nobody: UInt32 = 65534

    /// A daemon uid 65534 may reach, with `rules` and the rest of the config in `extra`.
    static func daemon(allow: [String], _ extra: String = "", home: TestDirectory? = nil, launcher: [String] = [])
        throws -> DaemonProcess
    {
        let permissions = allow.map { "\"\($0)\"" }.joined(separator: ", ")
        let config =
            #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": [\#(permissions)]}]}\#(extra)}"#
        return try DaemonProcess(
            config: config, socketDirectoryMode: 0o755, logLevel: "info", home: home, launcher: launcher)
    }

    /// Sends `count` presents on `client` as one batch; the answers.
    static func presentBatch(_ client: TestClient, count: Int, kind: String = "text") throws -> [JSON] {
        let requests = (0..<count).map { client.request("present", ["kind": .string(kind)], id: .string("p\($0)")) }
        client.send(.array(requests))
        guard let answers = try client.readMessage(timeout: 30)?.arrayValue else {
            throw TestFailure("no batch answer")
        }
        return answers
    }

    static func limit(of answer: JSON) -> JSON? { answer["error"]?["data"]?["limit"] }

    @Test func oneUserCannotFillTheDaemonForEveryoneElse() throws {
        let home = try TestDirectory()
        var daemon: DaemonProcess? = try Self.daemon(
            allow: ["present"], #", "limits": {"max_windows": 100, "max_windows_per_connection": 10}"#, home: home)
        // Ten connections of ten windows each would be every window there is.
        var granted = 0
        var refusals: [JSON] = []
        for _ in 0..<10 {
            let hostile = try TestClient(socketPath: daemon!.socketPath, uid: Self.nobody)
            for answer in try Self.presentBatch(hostile, count: 10) {
                if answer["result"] != nil { granted += 1 } else { refusals.append(answer) }
            }
        }
        #expect(granted == 90, "another user may fill nine tenths of max_windows, not \(granted)")
        #expect(refusals.allSatisfy { $0["error"]?["code"] == -32006 && Self.limit(of: $0) == "max_windows" })
        let owner = try TestClient(socketPath: daemon!.socketPath)
        #expect(try owner.result("present", ["kind": "text"])["window"] != nil, "the daemon's own user still has room")
        // The windows are durable: the room is still there after a restart.
        daemon!.stop()
        daemon = nil
        let restarted = try Self.daemon(
            allow: ["present"], #", "limits": {"max_windows": 100, "max_windows_per_connection": 10}"#, home: home)
        let again = try TestClient(socketPath: restarted.socketPath)
        #expect(try again.result("status")["windows"]?["visible"] == 91)
        #expect(try again.result("present", ["kind": "text"])["window"] != nil)
    }

    // Windows per user, and the sizes of titles, messages and tags: InProcessQuotaTests.

    @Test func retentionHoldsPerUser() throws {
        let home = try TestDirectory()
        let config = #", "state": {"max_outcomes": 50}, "limits": {"max_outcomes_per_user": 20}"#
        var daemon: DaemonProcess? = try Self.daemon(allow: ["present"], config, home: home)
        let owner = try TestClient(socketPath: daemon!.socketPath)
        let mine = try owner.result("present", ["kind": "text"])["window"]!
        _ = try owner.result("cancel", ["window": mine])
        // Another user churns through sixty windows.
        let hostile = try TestClient(socketPath: daemon!.socketPath, uid: Self.nobody)
        var theirs: [JSON] = []
        for answer in try Self.presentBatch(hostile, count: 60) { theirs.append(answer["result"]!["window"]!) }
        hostile.send(
            .array(theirs.enumerated().map { hostile.request("cancel", ["window": $1], id: .integer(Int64($0))) }))
        #expect(try hostile.readMessage()?.arrayValue?.count == 60)
        #expect(
            try owner.result("wait", ["window": mine])["reason"] == "cancelled",
            "one user's churn keeps another's outcomes")
        #expect(
            try owner.error("wait", ["window": theirs[39]]).code == .noSuchWindow, "a user keeps max_outcomes_per_user")
        #expect(try owner.result("wait", ["window": theirs[40]])["reason"] == "cancelled")
        #expect(try owner.result("history", ["limit": 100])["outcomes"]?.arrayValue?.count == 21)
        // The store keeps what the daemon keeps.
        daemon!.stop()
        daemon = nil
        let restarted = try Self.daemon(allow: ["present"], config, home: home)
        let again = try TestClient(socketPath: restarted.socketPath)
        #expect(try again.result("wait", ["window": mine])["reason"] == "cancelled")
        #expect(try again.result("history", ["limit": 100])["outcomes"]?.arrayValue?.count == 21)
    }

    // Waiters per connection and per user: InProcessQuotaTests.

    // Subscriptions per user: InProcessSubscriptionTests.

    // Idle connections closed, busy ones kept: InProcessConnectionTests, on a manual clock.

    /// 300 idle connections of a user without permissions once left the
    /// daemon out of descriptors, spinning on accept and deaf to root.
    @Test func aUserCannotTakeEveryDescriptor() throws {
        let daemon = try Self.daemon(allow: [], launcher: ["/usr/bin/prlimit", "--nofile=256:256", "--"])
        var hostile: [TestClient] = []
        var refused = 0
        for _ in 0..<300 {
            guard let client = try? TestClient(socketPath: daemon.socketPath, uid: Self.nobody) else { break }
            hostile.append(client)
        }
        let owner = try TestClient(socketPath: daemon.socketPath)
        #expect(try owner.result("ping", timeout: 10) == "pong", "the daemon's own user is still answered")
        for client in hostile {
            client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#)
            if let answer = try? client.readMessage(timeout: 5),
                answer["error"]?["data"]?["limit"] == "max_connections_per_user"
            {
                refused += 1
            }
        }
        #expect(refused == 300 - 128, "uid 65534 may hold 128 connections")
        // Idle for 2 s by the daemon's own clock: a window that times out,
        // waited for, rather than a sleep of the test's.
        let before = try cpuTicks(of: daemon.pid)
        let outcome = try owner.result("present", ["kind": "text", "timeout_ms": 2000, "wait": true], timeout: 60)
        let spent = try cpuTicks(of: daemon.pid) - before
        #expect(outcome["reason"] == "timeout", "\(outcome)")
        #expect(spent < 50, "the daemon spent \(spent) ticks of CPU in 2 s while idle")
        #expect(try owner.result("ping", timeout: 10) == "pong")
        print(
            "300 connections of another user at a 256-descriptor limit: \(refused) refused, \(spent) CPU ticks in 2 idle seconds"
        )
    }
}

/// utime + stime of a process, in clock ticks, from /proc.
func cpuTicks(of pid: Int32) throws -> Int {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // Fields after the command name, which is in parentheses and may hold spaces.
    guard let close = stat.lastIndex(of: ")") else { throw TestFailure("no command in /proc/\(pid)/stat") }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else {
        throw TestFailure("unreadable /proc/\(pid)/stat")
    }
    return user + system
}
