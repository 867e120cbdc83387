import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The wire protocol, byte for byte through the connection handler of the
/// embedded daemon: envelopes, error codes, framing. (Ids echoed as written:
/// RequestIDTests; every method's params and typed results: TypedProtocolTests;
/// over a real socket: ConformanceOverSocketTests.)
@Suite struct InProcessProtocolTests {
    /// A form being filled in is shown live: `update` takes the fields given
    /// so far, and only `submit` needs every required one.
    @Test func aHalfFilledFormIsAnUpdateButNotASubmit() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let fields: JSON = [["name": "env", "kind": "text"], ["name": "who", "kind": "text"]]
        guard case .window(let form) = try client.call(Present(kind: "form", options: ["fields": fields])) else {
            throw TestFailure("no window")
        }
        _ = try client.call(Update(window: form.window, value: ["env": "prod"]))
        #expect(try client.call(Get(window: form.window)).value == ["env": "prod"], "visible to get")
        let refused = try client.request(Submit(window: form.window, value: ["env": "prod"]))
        #expect(refused.failure?.message == "field 'who' is required")
        let bad = try client.request(Update(window: form.window, value: ["env": 5]))
        #expect(bad.failure?.code == .invalidParams, "what is given is still checked")
    }

    @Test func helloPingAndPlugins() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let hello = try client.request(Hello(client: "tests", protocolVersion: 1)).get()
        #expect(hello["server"] == "pickerd" && hello["protocol"] == 1)
        #expect(hello["levels"] == ["normal": 0, "statusBar": 1000, "alert": 2000])
        #expect(hello["kinds"] == .array(BuiltInKind.allCases.map { .string($0.name) }))
        #expect(hello["permissions"] == ["present", "answer", "manage", "observe", "admin", "alert"])
        #expect(hello["limits"]?["max_line_bytes"] == 1_048_576)
        #expect(
            try client.request(Hello(protocolVersion: 2)).failure?.message
                == "protocol 2 is not supported; this daemon speaks protocol 1")
        #expect(try client.call(Ping()) == "pong")
        let plugins = try client.request(Plugins()).get()
        #expect(plugins.arrayValue?.count == BuiltInKind.allCases.count)
        #expect(plugins.arrayValue?.first?["options"]?["type"] == "object")
    }

    @Test func idsAreEchoedExactlyAndNotificationsGetNoAnswer() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        client.send(line: #"{"jsonrpc":"2.0","method":"present","params":{"kind":"text"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":"a-string","method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":-7.5,"method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":9007199254740993,"method":"list"}"#)
        #expect(client.readLine() == #"{"jsonrpc":"2.0","id":"a-string","result":"pong"}"#)
        #expect(client.readLine() == #"{"jsonrpc":"2.0","id":-7.5,"result":"pong"}"#)
        #expect(client.readLine() == #"{"jsonrpc":"2.0","id":null,"result":"pong"}"#)
        let list = try #require(try client.readMessage())
        #expect(list["id"] == .integer(9_007_199_254_740_993))
        #expect(list["result"]?["windows"]?.arrayValue?.count == 1, "the notification ran")
    }

    @Test func batches() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        client.send(
            line:
                #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","id":2,"method":"nope"},{"foo":1},5]"#
        )
        let batch = try #require(try client.readMessage()?.arrayValue)
        #expect(batch.count == 4)
        #expect(batch[0] == ["jsonrpc": "2.0", "id": 1, "result": "pong"])
        #expect(batch[1]["error"]?["code"] == -32601 && batch[1]["id"] == 2)
        #expect(batch[2]["error"]?["code"] == -32600 && batch[2]["id"] == .null)
        #expect(batch[3]["error"]?["code"] == -32600)
        // Only notifications: no answer at all. An empty batch: one error.
        client.send(line: #"[{"jsonrpc":"2.0","method":"ping"},{"jsonrpc":"2.0","method":"ping"}]"#)
        client.send(line: "[]")
        let empty = try #require(try client.readMessage())
        #expect(empty["error"]?["code"] == -32600 && empty["id"] == .null)
        #expect(try client.call(Ping()) == "pong")
    }

    /// A batch's answers join its line as they come; one that comes before
    /// an earlier one waits for it, so the line keeps the batch's order and
    /// is what the answers would have been one by one.
    @Test func aBatchAnsweredOutOfOrderIsOneLineInItsOrder() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let first = try client.presentWindow(Present(kind: "text")).window
        let second = try client.presentWindow(Present(kind: "text")).window
        let wait = { (id: String, window: WindowID) in
            #"{"jsonrpc":"2.0","id":"\#(id)","method":"wait","params":{"window":"\#(window)"}}"#
        }
        let ping = #"{"jsonrpc":"2.0","id":3,"method":"ping"}"#
        client.send(line: "[\(wait("one", first)),\(ping),\(wait("two", second))]")
        #expect(client.readLine() == nil)
        let person = try EmbeddedConnection(daemon)
        _ = try person.call(Submit(window: second, value: "second"))
        #expect(client.readLine() == nil)
        _ = try person.call(Submit(window: first, value: "first"))
        let line = try #require(client.readLine())
        // The same members, one by one, in the same order.
        let alone = try EmbeddedConnection(daemon)
        let third = try alone.presentWindow(Present(kind: "text")).window
        let fourth = try alone.presentWindow(Present(kind: "text")).window
        alone.send(line: wait("one", third))
        alone.send(line: ping)
        alone.send(line: wait("two", fourth))
        let pong = try #require(alone.readLine())
        _ = try person.call(Submit(window: third, value: "first"))
        _ = try person.call(Submit(window: fourth, value: "second"))
        let waited = try #require(alone.readLine())
        let secondWaited = try #require(alone.readLine())
        let expected = "[\(waited),\(pong),\(secondWaited)]"
            .replacingOccurrences(of: "\(third)", with: "\(first)").replacingOccurrences(
                of: "\(fourth)", with: "\(second)")
        #expect(line == expected)
        let places = [#""value":"first""#, #""pong""#, #""value":"second""#].compactMap {
            line.range(of: $0)?.lowerBound
        }
        #expect(places.count == 3 && places == places.sorted(), "answered second, first; written first, ping, second")
    }

    @Test func parseErrorsHaveIDNullAndKeepTheConnection() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        for line in [#"{"jsonrpc":"2.0","id":1,"method":"ping""#, "[1,]", "{'a':1}", "NaN"] {
            client.send(line: line)
            let answer = try #require(try client.readMessage())
            #expect(answer["id"] == .null)
            #expect(answer["error"]?["code"] == -32700)
            #expect(answer["error"]?["message"]?.stringValue?.hasPrefix("parse error: ") == true)
        }
        client.send(
            raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","x":"\#u{FF}"}"#.utf8).map { $0 == 0xC3 ? 0xFF : $0 }
                + [0x0A])
        client.send(raw: [0xFF, 0xFE, 0x0A])
        #expect(try client.readMessage()?["error"]?["code"] == -32700)
        #expect(try client.readMessage()?["error"]?["message"] == "parse error: unexpected byte 0xFF at byte 0")
        client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x00, 0x0A])
        #expect(try client.readMessage()?["error"]?["message"] == "parse error: NUL byte at byte 40")
        client.send(line: String(repeating: "[", count: 66) + String(repeating: "]", count: 66))
        #expect(
            try client.readMessage()?["error"]?["message"] == "parse error: nesting deeper than 64 levels at byte 65")
        #expect(try client.call(Ping()) == "pong")
    }

    @Test func blankLinesAndCRLFAreFine() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        client.send(raw: Array("\n \t\n\r\n".utf8))
        client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0D, 0x0A])
        #expect(try client.readMessage() == ["jsonrpc": "2.0", "id": 1, "result": "pong"])
    }

    @Test func invalidRequestsAndParams() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        func answer(_ line: String) throws -> JSON? {
            client.send(line: line)
            return try client.readMessage()
        }
        #expect(
            try answer(#"{"id":1,"method":"ping"}"#)?["error"] == [
                "code": -32600, "message": #"a request must have "jsonrpc":"2.0""#,
            ])
        #expect(try answer(#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#)?["id"] == .null)
        #expect(try answer(#"{"jsonrpc":"2.0","id":3,"method":5}"#)?["error"]?["code"] == -32600)
        #expect(try answer(#"{"jsonrpc":"2.0","id":4,"method":"ping","params":[1]}"#)?["error"]?["code"] == -32602)
        #expect(try client.request("teleport").failure?.code == .methodNotFound)
        let unknownParam = try #require(try client.request("ping", ["verbose": true]).failure)
        #expect(unknownParam.code == .invalidParams && unknownParam.data == ["field": "verbose"])
        #expect(try client.request("present").failure?.message == "present needs the parameter 'kind'")
        #expect(try client.request(Present(kind: "colour")).failure?.code == .unknownKind)
        #expect(try client.request(Present(kind: "text", level: "urgent")).failure?.code == .invalidParams)
        let badOption = try #require(
            try client.request(Present(kind: "date", options: ["min": "2026-01-02", "max": "2026-01-01"])).failure)
        #expect(badOption.code == .invalidParams)
        #expect(badOption.message == "option 'max' (2026-01-01) must not be before option 'min' (2026-01-02)")
        #expect(badOption.data == ["field": "options"])
        #expect(try client.request(Get(window: WindowID("w404"))).failure?.code == .noSuchWindow)
        #expect(
            try client.request(Submit(value: "x")).failure?.message
                == "there is no key window; name a window or present one first")
        #expect(try client.request(List()).get()["windows"] == [], "nothing was created by the failed presents")
    }

    @Test func anOverlongLineGetsLineTooLongThenTheConnectionCloses() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"max_line_bytes": 1000}}"#)
        let client = try EmbeddedConnection(daemon)
        let bystander = try EmbeddedConnection(daemon)
        client.send(
            line: #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""# + String(repeating: "x", count: 2000)
                + "\"}}")
        let answer = try #require(try client.readMessage())
        #expect(answer["id"] == .null && answer["error"]?["code"] == -32001)
        #expect(!client.isOpen)
        // Exactly at the limit is fine.
        let padding = 1000 - #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#.utf8.count
        bystander.send(
            line: #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"# + String(repeating: " ", count: padding))
        #expect(try bystander.readMessage()?["result"] == "pong")
    }

    @Test func anOverlongLineWithoutNewlineIsCutOffToo() throws {
        let daemon = try EmbeddedDaemon(config: #"{"limits": {"max_line_bytes": 1000}}"#)
        let client = try EmbeddedConnection(daemon)
        client.send(raw: Array(repeating: UInt8(ascii: "x"), count: 5000))
        #expect(try client.readMessage()?["error"]?["code"] == -32001)
        #expect(!client.isOpen)
    }

    // A partial line held too long: InProcessConnectionTests.

    @Test func statusAndHistory() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let first = try client.presentWindow(Present(kind: "text", title: "Name?")).window
        let second = try client.presentWindow(Present(kind: "text", hidden: true)).window
        _ = try client.call(Submit(window: first, value: "Ada"))
        let status = try client.request(Status()).get()
        #expect(status["windows"] == ["visible": 0, "hidden": 1, "waiting": 0])
        #expect(status["key"] == .null && status["connections"] == 1)
        #expect(status["counters"]?["presented"] == 2 && status["counters"]?["submitted"] == 1)
        #expect(status["version"]?.stringValue?.isEmpty == false && status["uptime_ms"]?.integerValue != nil)
        _ = try client.call(Dismiss(.window(second)))
        let history = try client.request(History(limit: 10)).get()["outcomes"]?.arrayValue ?? []
        #expect(history.map { $0["reason"] } == ["dismissed", "submitted"])
        #expect(history.last?["value"] == "Ada")
        #expect(try client.request(History(window: first)).get()["outcomes"]?.arrayValue?.count == 1)
    }

    @Test func getListsAndUpdate() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        let summary = try client.request(
            Present(
                kind: "custom", title: "Where", message: "Pick a region",
                options: ["columns": [["prod", "staging"], ["us", "eu"]]],
                timeoutMilliseconds: 60000, tag: "deploy")
        ).get()
        #expect(summary["tag"] == "deploy" && summary["deadline"]?.stringValue != nil && summary["key"] == true)
        let window = try #require(summary["window"])
        #expect(try client.request(Update(value: [1, "eu"])).get()["window"] == window)
        let details = try client.request(Get(window: WindowID(try #require(window.stringValue)))).get()
        #expect(details["value"] == ["staging", "eu"])
        #expect(details["message"] == "Pick a region")
        #expect(details["options"]?["columns"] == [["prod", "staging"], ["us", "eu"]])
        #expect(details["owner"]?["uid"]?.integerValue != nil && details["created_at"]?.stringValue != nil)
        #expect(try client.request(Update(value: ["mars", "eu"])).failure?.data == ["field": "value"])
        let outcome = try client.request(Cancel()).get()
        #expect(outcome["reason"] == "cancelled" && outcome["window"] == window)
    }

    @Test func dismissOneAllOrALevel() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        var ids: [WindowID] = []
        for level: LevelSpec in ["normal", "alert", "alert", 1000] {
            ids.append(try client.presentWindow(Present(kind: "text", level: level)).window)
        }
        func dismissed(_ windows: WindowID...) -> JSON { ["dismissed": .array(windows.map { .string($0.rawValue) })] }
        #expect(try client.request(Dismiss(.level("alert"))).get() == dismissed(ids[2], ids[1]))
        #expect(try client.request(Dismiss(.window(ids[0]))).get() == dismissed(ids[0]))
        #expect(try client.request(Dismiss(.window(ids[0]))).failure?.code == .alreadyDismissed)
        #expect(try client.request(Dismiss(.all)).get() == dismissed(ids[3]))
        #expect(
            try client.request("dismiss").failure?.message == "dismiss needs exactly one of window, all: true, or level"
        )
    }
}
