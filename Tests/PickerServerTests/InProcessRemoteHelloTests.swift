import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// `hello`'s `remote` is the relay's claim (`pickerctl dial-stdio` speaks
/// first, then passes on the far client's bytes unread): taken only in a
/// connection's first message, and set once, so the far client cannot
/// name another host in its own `hello`.
@Suite struct InProcessRemoteHelloTests {
    /// The remote the outcome of a text window answered on `client` records.
    func answeredRemote(on client: EmbeddedConnection) throws -> String? {
        guard case .window(let window) = try client.call(Present(kind: "text")) else { throw TestFailure("no window") }
        _ = try client.call(Submit(window: window.window, value: "x"))
        return try client.call(Wait(window: window.window)).by?.remote
    }

    @Test func theFirstMessageSetsItAndALaterOneIsRefused() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        // The relay's hello, a notification as dial-stdio sends it.
        client.send(line: #"{"jsonrpc":"2.0","method":"hello","params":{"remote":"203.0.113.7"}}"#)
        // The far client's own.
        let refused = try client.request(Hello(client: "far", remote: "10.0.0.5"))
        #expect(refused.failure?.code == .invalidParams, "\(refused)")
        #expect(refused.failure?.message.contains("first message") == true)
        #expect(try client.request(Hello(client: "far")).failure == nil, "a later hello without remote is fine")
        #expect(try answeredRemote(on: client) == "203.0.113.7")
    }

    @Test func aRemoteAfterAnyOtherMessageIsRefusedAndNeverRecorded() throws {
        let daemon = try EmbeddedDaemon()
        let client = try EmbeddedConnection(daemon)
        #expect(try client.call(Ping()) == "pong")
        #expect(try client.request(Hello(remote: "10.0.0.5")).failure?.code == .invalidParams)
        #expect(try answeredRemote(on: client) == nil)
        // A batch's second member is not the first message either.
        let batched = try EmbeddedConnection(daemon)
        batched.send(
            line:
                #"[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":2,"method":"hello","params":{"remote":"10.0.0.5"}}]"#
        )
        let answers = try #require(try batched.readMessage()?.arrayValue)
        #expect(answers.count == 2 && answers[1]["error"]?["code"] == -32602, "\(answers)")
        #expect(try answeredRemote(on: batched) == nil)
    }
}
