import Foundation
import PickerJSON
import PickerSystem
import PickerTestSupport
import Testing

@testable import PickerMCP

/// Progress while a call waits for a person, on a short interval; the real
/// 10 s one, through the official client, is in Tests/MCP.
@Suite struct WaitingProgressTests {
    @Test func aWaitingCallWithAProgressTokenHearsFromTheServerAndOneWithoutNone() async throws {
        // A pickerd that never answers: each call waits as it would for a person.
        let silent = try SilentSocket()
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let sent = Locked<[JSON]>([])
        let server = MCPServer(
            socketPath: silent.path, maxLevel: Asker.defaultMaxLevel, input: ends[0],
            progressInterval: .milliseconds(20)
        ) { bytes in
            if let message = try? JSONParser().parse(bytes) { sent.withLock { $0.append(message) } }
        }
        let serving = Task { await server.run() }
        func call(_ id: Int, meta: JSON?) {
            var params: JSONObject = ["name": "ask_text", "arguments": ["title": "Waiting"]]
            if let meta { params["_meta"] = meta }
            let request: JSON = [
                "jsonrpc": "2.0", "id": .integer(Int64(id)), "method": "tools/call", "params": .object(params),
            ]
            _ = POSIX.writeAll(Array((request.serialized() + "\n").utf8), to: ends[1])
        }
        call(1, meta: nil)
        call(2, meta: ["progressToken": "deploy-7"])
        func notifications() -> [JSON] { sent.withLock { $0 }.filter { $0["method"] == "notifications/progress" } }
        // Generous: on a 2-core machine the cooperative pool has two threads,
        // and two long synchronous tests of other suites may hold both for a
        // minute or more while this one's server and timer wait for one.
        try await eventually("five notifications for the call with a token", timeout: 300) {
            notifications().count >= 5
        }
        let heard = notifications()
        #expect(heard.allSatisfy { $0["params"]?["progressToken"] == "deploy-7" }, "none for the call without one")
        let progress = heard.compactMap { $0["params"]?["progress"]?.integerValue }
        #expect(progress == Array(1...Int64(progress.count)), "progress increases with each notification")
        #expect(
            heard.allSatisfy { $0["params"]?["message"]?.stringValue?.hasPrefix("waiting for an answer: ") == true })
        close(ends[1])
        await serving.value
        close(ends[0])
    }

    @Test func theTokenIsAStringOrAnIntegerAndTheWaitIsSaidInSecondsThenMinutes() {
        #expect(WaitingProgress.token(of: ["_meta": ["progressToken": 7]]) == 7)
        #expect(WaitingProgress.token(of: ["_meta": ["progressToken": "a"]]) == "a")
        #expect(WaitingProgress.token(of: ["_meta": ["progressToken": true]]) == nil)
        #expect(WaitingProgress.token(of: [:]) == nil)
        #expect(WaitingProgress.spoken(.milliseconds(9600)) == "10 s")
        #expect(WaitingProgress.spoken(.seconds(130)) == "2 min")
        let progress = WaitingProgress(token: "t", interval: .seconds(10))
        #expect(
            progress.notification(progress: 3, waited: .seconds(125), typing: true)["params"]?["message"]
                == "a person is typing (waiting for an answer: 2 min)")
        progress.activity.touch()
        #expect(progress.activity.takeChange() && !progress.activity.takeChange(), "said once a change")
    }
}
