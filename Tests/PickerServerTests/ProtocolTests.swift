import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The wire protocol over a real socket: envelopes, error codes, framing.
@Suite struct ProtocolTests {
    @Test func helloPingAndPlugins() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let hello = try client.result("hello", ["client": "tests", "protocol": 1])
        #expect(hello["server"] == "pickerd" && hello["protocol"] == 1)
        #expect(hello["levels"] == ["normal": 0, "statusBar": 1000, "alert": 2000])
        #expect(hello["kinds"] == ["date", "custom", "text", "actions", "form"])
        #expect(hello["permissions"] == ["present", "answer", "manage", "observe", "admin"])
        #expect(hello["limits"]?["max_line_bytes"] == 1_048_576)
        #expect(try client.error("hello", ["protocol": 2]).message == "protocol 2 is not supported; this daemon speaks protocol 1")
        #expect(try client.result("ping") == "pong")
        let plugins = try client.result("plugins")
        #expect(plugins.arrayValue?.count == 5)
        #expect(plugins.arrayValue?.first?["options"]?["type"] == "object")
    }

    @Test func idsAreEchoedExactlyAndNotificationsGetNoAnswer() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        client.send(line: #"{"jsonrpc":"2.0","method":"present","params":{"kind":"text"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":"a-string","method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":-7.5,"method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":null,"method":"ping"}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":9007199254740993,"method":"list"}"#)
        #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == #"{"jsonrpc":"2.0","id":"a-string","result":"pong"}"#)
        #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == #"{"jsonrpc":"2.0","id":-7.5,"result":"pong"}"#)
        #expect(try client.readLine().map { String(decoding: $0, as: UTF8.self) } == #"{"jsonrpc":"2.0","id":null,"result":"pong"}"#)
        let list = try #require(try client.readMessage())
        #expect(list["id"] == .integer(9_007_199_254_740_993))
        #expect(list["result"]?["windows"]?.arrayValue?.count == 1, "the notification ran")
    }

    @Test func batches() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
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
        #expect(try client.result("ping") == "pong")
    }

    @Test func parseErrorsHaveIDNullAndKeepTheConnection() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        for line in [#"{"jsonrpc":"2.0","id":1,"method":"ping""#, "[1,]", "{'a':1}", "NaN"] {
            client.send(line: line)
            let answer = try #require(try client.readMessage())
            #expect(answer["id"] == .null)
            #expect(answer["error"]?["code"] == -32700)
            #expect(answer["error"]?["message"]?.stringValue?.hasPrefix("parse error: ") == true)
        }
        client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping","x":"\#u{FF}"}"#.utf8).map { $0 == 0xC3 ? 0xFF : $0 } + [0x0A])
        client.send(raw: [0xFF, 0xFE, 0x0A])
        #expect(try client.readMessage()?["error"]?["code"] == -32700)
        #expect(try client.readMessage()?["error"]?["message"] == "parse error: unexpected byte 0xFF at byte 0")
        client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x00, 0x0A])
        #expect(try client.readMessage()?["error"]?["message"] == "parse error: NUL byte at byte 40")
        client.send(line: String(repeating: "[", count: 65) + String(repeating: "]", count: 65))
        #expect(try client.readMessage()?["error"]?["message"] == "parse error: nesting deeper than 64 levels at byte 64")
        #expect(try client.result("ping") == "pong")
    }

    @Test func blankLinesAndCRLFAreFine() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        client.send(raw: Array("\n \t\n\r\n".utf8))
        client.send(raw: Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0D, 0x0A])
        #expect(try client.readMessage() == ["jsonrpc": "2.0", "id": 1, "result": "pong"])
    }

    @Test func invalidRequestsAndParams() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        func answer(_ line: String) throws -> JSON? {
            client.send(line: line)
            return try client.readMessage()
        }
        #expect(try answer(#"{"id":1,"method":"ping"}"#)?["error"] == ["code": -32600, "message": #"a request must have "jsonrpc":"2.0""#])
        #expect(try answer(#"{"jsonrpc":"2.0","id":true,"method":"ping"}"#)?["id"] == .null)
        #expect(try answer(#"{"jsonrpc":"2.0","id":3,"method":5}"#)?["error"]?["code"] == -32600)
        #expect(try answer(#"{"jsonrpc":"2.0","id":4,"method":"ping","params":[1]}"#)?["error"]?["code"] == -32602)
        #expect(try client.error("teleport").code == .methodNotFound)
        let unknownParam = try client.error("ping", ["verbose": true])
        #expect(unknownParam.code == .invalidParams && unknownParam.data == ["field": "verbose"])
        #expect(try client.error("present", [:]).message == "present needs the parameter 'kind'")
        #expect(try client.error("present", ["kind": "colour"]).code == .unknownKind)
        #expect(try client.error("present", ["kind": "text", "level": "urgent"]).code == .invalidParams)
        let badOption = try client.error("present", ["kind": "date", "options": ["min": "2026-01-02", "max": "2026-01-01"]])
        #expect(badOption.code == .invalidParams)
        #expect(badOption.message == "max must not be before min (min 2026-01-02, max 2026-01-01)")
        #expect(badOption.data == ["field": "options"])
        #expect(try client.error("get", ["window": "w404"]).code == .noSuchWindow)
        #expect(try client.error("submit", ["value": "x"]).message == "there is no key window; name a window or present one first")
        #expect(try client.result("list")["windows"] == [], "nothing was created by the failed presents")
    }

    @Test func anOverlongLineGetsLineTooLongThenTheConnectionCloses() throws {
        let daemon = try DaemonProcess(config: #"{"limits": {"max_line_bytes": 1000}}"#)
        let client = try TestClient(socketPath: daemon.socketPath)
        let bystander = try TestClient(socketPath: daemon.socketPath)
        client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":""# + String(repeating: "x", count: 2000) + "\"}}")
        let answer = try #require(try client.readMessage())
        #expect(answer["id"] == .null && answer["error"]?["code"] == -32001)
        #expect(client.closes(within: 5))
        // Exactly at the limit is fine.
        let padding = 1000 - #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"#.utf8.count
        bystander.send(line: #"{"jsonrpc":"2.0","id":1,"method":"ping","params":{}}"# + String(repeating: " ", count: padding))
        #expect(try bystander.readMessage()?["result"] == "pong")
    }

    @Test func anOverlongLineWithoutNewlineIsCutOffToo() throws {
        let daemon = try DaemonProcess(config: #"{"limits": {"max_line_bytes": 1000}}"#)
        let client = try TestClient(socketPath: daemon.socketPath)
        client.send(raw: Array(repeating: UInt8(ascii: "x"), count: 5000))
        #expect(try client.readMessage()?["error"]?["code"] == -32001)
        #expect(client.closes(within: 5))
    }

    // A partial line held too long: InProcessTests, on a manual clock.

    @Test func statusAndHistory() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let first = try client.result("present", ["kind": "text", "title": "Name?"])
        let second = try client.result("present", ["kind": "text", "hidden": true])
        _ = try client.result("submit", ["window": first["window"]!, "value": "Ada"])
        let status = try client.result("status")
        #expect(status["windows"] == ["visible": 0, "hidden": 1])
        #expect(status["key"] == .null && status["connections"] == 1)
        #expect(status["counters"]?["presented"] == 2 && status["counters"]?["submitted"] == 1)
        #expect(status["version"]?.stringValue?.isEmpty == false && status["uptime_ms"]?.integerValue != nil)
        _ = try client.result("dismiss", ["window": second["window"]!])
        let history = try client.result("history", ["limit": 10])["outcomes"]?.arrayValue ?? []
        #expect(history.map { $0["reason"] } == ["dismissed", "submitted"])
        #expect(history.last?["value"] == "Ada")
        #expect(try client.result("history", ["window": first["window"]!])["outcomes"]?.arrayValue?.count == 1)
    }

    @Test func getListsAndUpdate() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let summary = try client.result(
            "present",
            [
                "kind": "custom", "title": "Where", "message": "Pick a region", "tag": "deploy",
                "options": ["columns": [["prod", "staging"], ["us", "eu"]]], "timeout_ms": 60000,
            ])
        #expect(summary["tag"] == "deploy" && summary["deadline"]?.stringValue != nil && summary["key"] == true)
        let window = summary["window"]!
        #expect(try client.result("update", ["value": [1, "eu"]])["window"] == window)
        let details = try client.result("get", ["window": window])
        #expect(details["value"] == ["staging", "eu"])
        #expect(details["message"] == "Pick a region")
        #expect(details["options"]?["columns"] == [["prod", "staging"], ["us", "eu"]])
        #expect(details["owner"]?["uid"]?.integerValue != nil && details["created_at"]?.stringValue != nil)
        #expect(try client.error("update", ["value": ["mars", "eu"]]).data == ["field": "value"])
        let outcome = try client.result("cancel", [:])
        #expect(outcome["reason"] == "cancelled" && outcome["window"] == window)
    }

    @Test func dismissOneAllOrALevel() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        var ids: [JSON] = []
        for level: JSON in ["normal", "alert", "alert", 1000] {
            ids.append(try client.result("present", ["kind": "text", "level": level])["window"]!)
        }
        #expect(try client.result("dismiss", ["level": "alert"]) == ["dismissed": [ids[2], ids[1]]])
        #expect(try client.result("dismiss", ["window": ids[0]]) == ["dismissed": [ids[0]]])
        #expect(try client.error("dismiss", ["window": ids[0]]).code == .alreadyDismissed)
        #expect(try client.result("dismiss", ["all": true]) == ["dismissed": [ids[3]]])
        #expect(try client.error("dismiss", [:]).message == "dismiss needs exactly one of window, all: true, or level")
    }
}
