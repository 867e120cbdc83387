import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Per-user window quotas and size limits, spoken to the embedded daemon:
/// another user is a connection of uid 65534. (What needs real descriptors
/// and a real restart stays in UserQuotaTests.)
@Suite struct InProcessQuotaTests {
    static let nobody: UInt32 = 65534

    /// A daemon that lets uid 65534 present, with `limits` (JSON members).
    static func daemon(limits: String) throws -> EmbeddedDaemon {
        try EmbeddedDaemon(
            config: #"{"permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}, "limits": {\#(limits)}}"#)
    }

    /// Sends `count` presents on `client` as one batch; the answers.
    static func presentBatch(_ client: EmbeddedConnection, count: Int) throws -> [JSON] {
        let requests = (0..<count).map {
            #"{"jsonrpc":"2.0","id":"p\#($0)","method":"present","params":{"kind":"text"}}"#
        }
        client.send(line: "[" + requests.joined(separator: ",") + "]")
        guard let answers = try client.readMessage()?.arrayValue else { throw TestFailure("no batch answer") }
        return answers
    }

    @Test func eachUserHasAQuotaOfWindows() throws {
        let daemon = try Self.daemon(limits: #""max_windows_per_user": 5"#)
        let first = try EmbeddedConnection(daemon, uid: Self.nobody)
        let second = try EmbeddedConnection(daemon, uid: Self.nobody)
        #expect(try Self.presentBatch(first, count: 3).allSatisfy { $0["result"] != nil })
        let answers = try Self.presentBatch(second, count: 3)
        #expect(
            answers.filter { $0["result"] != nil }.count == 2, "the quota counts the user's windows on every connection"
        )
        let refused = try #require(answers.first { $0["error"] != nil })
        #expect(refused["error"]?["data"]?["limit"] == "max_windows_per_user")
        #expect(
            refused["error"]?["message"]
                == "uid 65534 already has 5 open windows, its limit (limits.max_windows_per_user); dismiss some first")
        let owner = try EmbeddedConnection(daemon)
        #expect(
            try Self.presentBatch(owner, count: 10).allSatisfy { $0["result"] != nil },
            "the daemon's own user has no per-user quota")
    }

    @Test func titlesMessagesAndTagsHaveSizeLimits() throws {
        let daemon = try Self.daemon(limits: #""max_title_bytes": 16, "max_tag_bytes": 8"#)
        let client = try EmbeddedConnection(daemon)
        let error = try #require(
            try client.request("present", ["kind": "text", "title": .string(String(repeating: "é", count: 9))]).failure)
        #expect(error.code == .limitReached && error.data?["limit"] == "max_title_bytes")
        #expect(error.message == "title is 18 bytes long; the limit is 16 (limits.max_title_bytes); shorten it")
        #expect(
            try client.request("present", ["kind": "text", "tag": "123456789"]).failure?.data?["limit"]
                == "max_tag_bytes")
        let message = String(repeating: "m", count: 16_385)
        #expect(
            try client.request("present", ["kind": "text", "message": .string(message)]).failure?.data?["limit"]
                == "max_message_bytes")
        #expect(
            try client.request("present", ["kind": "text", "title": "short enough", "tag": "12345678"]).get()["window"]
                != nil)
        #expect(
            try client.request("status").get()["windows"]?["visible"] == 1, "nothing was created by the refused ones")
    }

    @Test func waitersAreLimitedPerConnectionAndPerUser() throws {
        let daemon = try Self.daemon(limits: #""max_waiters_per_connection": 1500, "max_waiters_per_user": 3"#)
        let owner = try EmbeddedConnection(daemon)
        let window = try owner.presentWindow(Present(kind: "text")).window
        // The daemon's own user: 1,500 on one connection, the next refused.
        for round in 0..<2 {
            let waits = (0..<1000).map {
                #"{"jsonrpc":"2.0","id":"w\#(round)-\#($0)","method":"wait","params":{"window":"\#(window)"}}"#
            }
            owner.send(line: "[" + waits.joined(separator: ",") + "]")
        }
        #expect(owner.readLine() == nil, "a batch is answered once every wait in it is")
        _ = try EmbeddedConnection(daemon).call(Cancel(window: window))
        let answers = try (0..<2).flatMap { _ in try #require(try owner.readMessage()?.arrayValue) }
        let refused = answers.filter { $0["error"] != nil }
        #expect(answers.count == 2000 && refused.count == 500)
        #expect(refused.allSatisfy { $0["error"]?["data"]?["limit"] == "max_waiters_per_connection" })
        // Another user: three in all, over any number of connections.
        let theirs = try EmbeddedConnection(daemon, uid: Self.nobody)
        let own = try theirs.presentWindow(Present(kind: "text")).window
        for _ in 0..<3 { theirs.send(Wait(window: own)) }
        #expect(try theirs.responses().isEmpty, "the three wait")
        let elsewhere = try EmbeddedConnection(daemon, uid: Self.nobody)
        let error = try #require(try elsewhere.request(Wait(window: own)).failure)
        #expect(error.code == .limitReached && error.data?["limit"] == "max_waiters_per_user")
    }
}
