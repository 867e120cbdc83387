import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Clients that misbehave, against the embedded daemon: each hostile line
/// gets its answer and another client is still answered; clients that vanish
/// in the middle of any method leave nothing behind. (What needs the real
/// daemon's memory, descriptors or timing stays in HostileClientTests.)
@Suite struct InProcessHostileClientTests {
    @Test func hostileLinesGetAnAnswerAndTheDaemonGoesOn() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"max_line_bytes": 16777216}}"#)
        let client = try EmbeddedConnection(daemon)
        let bystander = try EmbeddedConnection(daemon)
        let million = "[" + [String](repeating: "0", count: 1_000_000).joined(separator: ",") + "]"
        let megabyte = String(repeating: "x", count: 1 << 20)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        // code nil: the answer is "pong"; 0: any JSON-RPC answer.
        let cases: [(name: String, line: [UInt8], code: Int64?)] = [
            (
                "invalid UTF-8",
                Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","x":""#.utf8) + [0xC3, 0x28] + Array(#""}"#.utf8),
                -32700
            ),
            ("a NUL byte", Array(#"{"jsonrpc":"2.0","id":1,"method":"pi"#.utf8) + [0] + Array(#"ng"}"#.utf8), -32700),
            (
                "a 1 MiB title",
                Array(
                    #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"\#(megabyte)"}}"#.utf8
                ), 0
            ),
            (
                "a 10^6-element array", Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(million)}"#.utf8),
                -32602
            ),
            ("1e400", Array(#"{"jsonrpc":"2.0","id":1e400,"method":"ping"}"#.utf8), -32700),
            ("-0 as id", Array(#"{"jsonrpc":"2.0","id":-0,"method":"ping"}"#.utf8), nil),
            ("2^64 as id", Array(#"{"jsonrpc":"2.0","id":18446744073709551616,"method":"ping"}"#.utf8), nil),
            ("duplicate keys", Array(#"{"jsonrpc":"2.0","id":1,"method":"nope","method":"ping"}"#.utf8), nil),
            ("10,000-deep params", Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","params":\#(deep)}"#.utf8), -32700),
            ("a 10^6-element batch", Array(million.utf8), -32006),
        ]
        for hostile in cases {
            client.send(raw: hostile.line + [0x0A])
            let line = try #require(client.readLine(), "\(hostile.name): no answer")
            let answer = try JSON.parse(line, maxDepth: 256)
            if hostile.code == 0 {
                #expect(
                    answer["jsonrpc"] == "2.0" && (answer["result"] != nil || answer["error"] != nil), "\(hostile.name)"
                )
            } else if let code = hostile.code {
                #expect(answer["error"]?["code"] == .integer(code), "\(hostile.name): \(line.prefix(200))")
            } else {
                #expect(answer["result"] == "pong", "\(hostile.name): \(line.prefix(200))")
            }
            #expect(client.isOpen, "after \(hostile.name)")
            #expect(try bystander.call(Ping()) == "pong", "after \(hostile.name)")
        }
    }

    /// A list longer than any kind takes (10,000: a column's choices) is
    /// refused while its line is read, a piece past the limit, not once
    /// json-c has built (and the loop has freed) every element: the 58,000
    /// actions of issue 27's attack, answered to the request's id. A batch
    /// past `max_batch` is refused the same way, with the batch's error.
    @Test func aListPastWhatAnyKindTakesIsRefusedBeforeItsLineIsRead() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"max_line_bytes": 16777216}}"#)
        let client = try EmbeddedConnection(daemon)
        let actions = (0..<58_000).map { #"{"label":"\#($0)"}"# }.joined(separator: ",")
        let line =
            #"{"jsonrpc":"2.0","id":7,"method":"present","params":{"kind":"actions","options":{"actions":[\#(actions)]}}}"#
        client.send(line: line)
        let answer = try JSON.parse(try #require(client.readLine()))
        #expect(answer["id"] == 7)
        #expect(answer["error"]?["code"] == -32602)
        let message = try #require(answer["error"]?["message"]?.stringValue)
        #expect(message.hasPrefix("an array or object holds more than 10000 elements"), "\(message)")
        // Where it stopped: a piece (8 KiB) past the 10,000th action, not the line's end.
        let offset = try #require(message.split(separator: "at byte ").last?.prefix { $0.isNumber }).description
        #expect(try #require(Int(offset)) < line.utf8.count / 4)

        let batch =
            "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"ping"}"#, count: 20_000).joined(separator: ",")
            + "]"
        client.send(line: batch)
        let refusal = try JSON.parse(try #require(client.readLine()))
        #expect(refusal["error"]?["code"] == -32006)
        #expect(refusal["error"]?["data"]?["limit"] == "max_batch")
        #expect(try client.call(Ping()) == "pong")
    }

    @Test func clientsThatVanishInTheMiddleOfEveryMethod() throws {
        // reattach_ms 0: a dismiss window ends the moment its asker vanishes.
        let daemon = try EmbeddedDaemon(config: #"{"windows": {"reattach_ms": 0}}"#)
        let owner = try EmbeddedConnection(daemon)
        let kept = try owner.presentWindow(Present(kind: "text", title: "kept")).window
        let requests: [String] = [
            #"{"jsonrpc":"2.0","id":1,"method":"hello"}"#, #"{"jsonrpc":"2.0","id":1,"method":"plugins"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"date"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"asked","wait":true,"on_disconnect":"dismiss"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"stays","wait":true}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"wait","params":{"window":"\#(kept)"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"update","params":{"window":"\#(kept)","value":"draft"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"raise","params":{"window":"\#(kept)"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"list"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"get","params":{"window":"\#(kept)"}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"subscribe"}"#, #"{"jsonrpc":"2.0","id":1,"method":"history"}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"status"}"#, #"{"jsonrpc":"2.0","id":1,"method":"reload"}"#,
        ]
        for request in requests {
            // Once with the whole request, once cut in the middle of the line.
            let whole = try EmbeddedConnection(daemon)
            whole.send(line: request)
            whole.disconnect()
            let half = try EmbeddedConnection(daemon)
            half.send(raw: Array(request.utf8.prefix(request.utf8.count / 2)))
            half.disconnect()
        }
        #expect(try owner.call(Ping()) == "pong")
        let status = try owner.request("status").get()
        #expect(status["connections"] == 1, "every vanished connection is gone")
        #expect(status["subscriptions"] == 0, "nor their subscriptions")
        let titles = try owner.call(List()).windows.compactMap(\.title)
        #expect(!titles.contains("asked"), "on_disconnect dismiss ended the waiting window")
        #expect(titles.contains("stays") && titles.contains("kept"))
        let history = try owner.call(History())
        #expect(history.contains { $0.reason == .ownerGone })
        #expect(try owner.request(Get(window: kept)).get()["value"] == "draft")
    }
}
