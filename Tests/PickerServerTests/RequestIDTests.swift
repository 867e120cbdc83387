import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// PROTOCOL.md: the id comes back exactly as it was sent, the same JSON text
/// for a number, through the daemon's whole input path (the embedded daemon's
/// connections have the socket's handlers): single requests, errors, batches
/// and answers that come later.
@Suite struct RequestIDTests {
    /// Numbers whose text a double or an Int64 would not give back.
    static let numbers = [
        "12345678901234567890123", "-12345678901234567890123", "1e2", "1E+2", "-0", "1.0", "-0.0", "0.1",
        "9223372036854775808", "-9223372036854775809", "18446744073709551616", "1.5e-7", "0", "42",
    ]

    let daemon: EmbeddedDaemon
    let client: EmbeddedConnection

    init() throws {
        daemon = try EmbeddedDaemon()
        client = try EmbeddedConnection(daemon)
    }

    func answer(to line: String) throws -> String {
        client.send(line: line)
        return try #require(client.readLine(), "no answer to \(line)")
    }

    @Test(arguments: numbers) func resultsEchoTheNumberAsWritten(_ id: String) throws {
        #expect(
            try answer(to: #"{"jsonrpc":"2.0","id":\#(id),"method":"ping"}"#)
                == #"{"jsonrpc":"2.0","id":\#(id),"result":"pong"}"#)
    }

    @Test func errorsEchoTheNumberAsWritten() throws {
        let notFound = try answer(to: #"{"jsonrpc":"2.0","id":1e2,"method":"nope"}"#)
        #expect(notFound.hasPrefix(#"{"jsonrpc":"2.0","id":1e2,"error":{"code":-32601,"#), "\(notFound)")
        let invalid = try answer(to: #"{"id":12345678901234567890123,"method":"ping"}"#)
        #expect(
            invalid.hasPrefix(#"{"jsonrpc":"2.0","id":12345678901234567890123,"error":{"code":-32600,"#), "\(invalid)")
        let badParams = try answer(to: #"{"jsonrpc":"2.0","id":-0,"method":"ping","params":[1]}"#)
        #expect(badParams.hasPrefix(#"{"jsonrpc":"2.0","id":-0,"error":{"code":-32602,"#), "\(badParams)")
        let noWindow = try answer(to: #"{"jsonrpc":"2.0","id":1.0,"method":"get","params":{"window":"w404"}}"#)
        #expect(noWindow.hasPrefix(#"{"jsonrpc":"2.0","id":1.0,"error":{"code":-32004,"#), "\(noWindow)")
        let parse = try answer(to: #"{"jsonrpc":"2.0","id":1e2,"method":"ping""#)
        #expect(
            parse.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#),
            "a parse error stays id null: \(parse)")
    }

    @Test func theTextIsTheMemberTheParserKept() throws {
        // Spacing, an escaped key, a duplicate key (the last one wins), and an
        // "id" nested deeper that must not be taken for the request's.
        #expect(try answer(to: #"{ "jsonrpc" : "2.0" , "id" : 1E+2 , "method" : "ping" }"#).contains(#""id":1E+2,"#))
        #expect(try answer(to: #"{"jsonrpc":"2.0","\u0069d":1e2,"method":"ping"}"#).contains(#""id":1e2,"#))
        #expect(try answer(to: #"{"jsonrpc":"2.0","id":1e2,"id":2.50,"method":"ping"}"#).contains(#""id":2.50,"#))
        let nested = try answer(to: #"{"jsonrpc":"2.0","params":{"id":7e0},"id":-0.0,"method":"ping"}"#)
        #expect(nested.contains(#""id":-0.0,"#), "\(nested)")
        #expect(try answer(to: #"{"jsonrpc":"2.0","id":"1e2","method":"ping"}"#).contains(#""id":"1e2","#))
    }

    @Test func batchesEchoEachNumberAsWritten() throws {
        let requests =
            Self.numbers.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"ping"}"# }
            + [#"{"jsonrpc":"2.0","id":1.50,"method":"nope"}"#, #"{"jsonrpc":"2.0","method":"ping"}"#, #"{"id":2E1}"#]
        let line = try answer(to: "[" + requests.joined(separator: " , ") + "]")
        for id in Self.numbers {
            #expect(line.contains(#"{"jsonrpc":"2.0","id":\#(id),"result":"pong"}"#), "\(id) in \(line)")
        }
        #expect(line.contains(#"{"jsonrpc":"2.0","id":1.50,"error":{"code":-32601,"#))
        #expect(line.contains(#"{"jsonrpc":"2.0","id":2E1,"error":{"code":-32600,"#))
        #expect(try JSON.parse(line).arrayValue?.count == Self.numbers.count + 2)
    }

    @Test func aLaterAnswerEchoesTheNumberAsWritten() throws {
        let window = try client.presentWindow(Present(kind: "text")).window
        client.send(line: #"{"jsonrpc":"2.0","id":3.0e0,"method":"wait","params":{"window":"\#(window)"}}"#)
        #expect(client.readLine() == nil, "the wait is answered once the window ends")
        _ = try EmbeddedConnection(daemon).request(Submit(window: window, value: "x")).get()
        let waited = try #require(client.readLine())
        #expect(waited.hasPrefix(#"{"jsonrpc":"2.0","id":3.0e0,"result":{"#), "\(waited)")
    }
}
