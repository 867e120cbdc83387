import Foundation
import PickerTestSupport
import Testing

/// `pickerctl dial-stdio` as sshd runs it (`$SSH_CONNECTION` set), over its
/// own pipes: the daemon records the ssh client's address as the remote host
/// of what the relayed client answers, which history's BY shows.
@Suite(.tags(.process)) struct DialStdioRemoteTests {
    /// A text window relayed through dial-stdio from `sshConnection`'s address: the relayed
    /// client sends `hello` with `helloParams` (id 1) and submits the window
    /// (id 2). What it read, and history once it was answered.
    func relayed(helloParams: String, sshConnection: String = "192.0.2.7 50022 127.0.0.1 22") throws -> (
        read: String, history: String
    ) {
        let daemon = try DaemonProcess()
        let window = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "text", "--title", "Relayed", "--no-wait"]
        ).stdout.trimmingCharacters(in: .newlines)
        let relay = try CommandLineProcess(
            "pickerctl", ["dial-stdio", "--socket", daemon.socketPath],
            environment: ["SSH_CONNECTION": sshConnection], input: true)
        defer { relay.signal(SIGTERM) }
        try relay.write(
            input: """
                {"jsonrpc":"2.0","id":1,"method":"hello","params":\(helloParams)}
                {"jsonrpc":"2.0","id":2,"method":"submit","params":{"window":"\(window)","value":"yes"}}

                """, close: false)
        try eventually("the submit's answer: \(relay.stdoutSoFar)") { relay.stdoutSoFar.contains(#""id":2"#) }
        let history = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "history"]).stdout
        return (relay.stdoutSoFar, history)
    }

    @Test func anAnswerRelayedFromSSHNamesItsRemoteHostInHistory() throws {
        let (read, history) = try relayed(helloParams: #"{"client":"pickerctl ui"}"#)
        // The relay's hello was a notification: the client got its own answers only.
        #expect(read.split(separator: "\n").count == 2, "\(read)")
        #expect(history.contains("via pickerctl ui from 192.0.2.7"), "\(history)")
    }

    /// The relayed client's own `hello` naming another remote is refused
    /// (the relay spoke first): history still shows the relay's address.
    @Test func aRelayedClientCannotNameItsOwnRemoteHost() throws {
        let (read, history) = try relayed(helloParams: #"{"client":"far","remote":"10.0.0.5"}"#)
        let hello = read.split(separator: "\n").first.map(String.init) ?? ""
        #expect(hello.contains(#""id":1"#) && hello.contains("-32602"), "\(read)")
        #expect(history.contains("from 192.0.2.7") && !history.contains("10.0.0.5"), "\(history)")
    }

    /// Not run by sshd, the relay still speaks first (a hello naming no
    /// host): the relayed client cannot name one either.
    @Test func aClientRelayedOutsideSSHCannotNameARemoteHost() throws {
        let (read, history) = try relayed(
            helloParams: #"{"client":"far","remote":"10.0.0.5"}"#, sshConnection: "")
        let hello = read.split(separator: "\n").first.map(String.init) ?? ""
        #expect(hello.contains(#""id":1"#) && hello.contains("-32602"), "\(read)")
        #expect(history.contains("Relayed") && !history.contains("10.0.0.5"), "\(history)")
    }

    /// What an older pickerd makes of the relay's hello: one before `hello`
    /// does not know the method, one before `remote` refuses the member. A
    /// notification is answered by nothing, an error included, so the relayed
    /// client reads its own answers only, and the asking works.
    @Test func aPickerdThatDoesNotKnowTheRelaysHelloAnswersNothingAndTheAskingWorks() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        client.send(line: #"{"jsonrpc":"2.0","method":"hello_of_a_later_pickerd","params":{"remote":"192.0.2.7"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","method":"hello","params":{"remote_of_a_later_pickerd":"192.0.2.7"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"Asked"}}"#)
        let first = try #require(try client.readMessage(timeout: 30))
        #expect(first["id"] == 1, "the first line is present's answer, not an error: \(first)")
        let window = try #require(first["result"]?["window"], "\(first)")
        _ = try client.result("submit", ["window": window, "value": "yes"])
        let history = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "history"]).stdout
        #expect(history.contains("Asked") && !history.contains("192.0.2.7"), "\(history)")
    }
}
