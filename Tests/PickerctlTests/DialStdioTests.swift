import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl dial-stdio`, the far end of `--host ssh://`: standard input
/// and output joined to the local daemon's socket, nothing added.
@Suite(.tags(.process)) struct DialStdioTests {
    @Test func linesGoThroughUnchangedAndItEndsWithItsInput() throws {
        let daemon = try DaemonProcess()
        let dial = try CommandLineProcess("pickerctl", ["dial-stdio", "--socket", daemon.socketPath], input: true)
        try dial.write(input: #"{"jsonrpc":"2.0","id":7,"method":"ping"}"# + "\n", close: false)
        try eventually("the answer") { dial.stdoutSoFar.hasSuffix("\n") }
        let answer = try JSON.parse(String(dial.stdoutSoFar.dropLast()))
        #expect(answer["id"] == 7 && answer["result"] != nil, "\(answer)")
        try dial.write(input: "", close: true)
        let ended = dial.finish(timeout: 30)
        #expect(ended.status == 0, "\(ended.stderr)")
        #expect(ended.stdout.filter { $0 == "\n" }.count == 1, "nothing but the answer: \(ended.stdout)")
    }

    @Test func itNeverGoesOnToAnotherHost() throws {
        // Its --socket is a path, and PICKERD_HOST does not apply: no ssh is run from it.
        let socket = try CommandLineProcess.run("pickerctl", ["dial-stdio", "--socket", "ssh://127.0.0.1:1"])
        #expect(socket.status == 69 && socket.stderr.contains("cannot reach pickerd at ssh://127.0.0.1:1"), "\(socket)")
        let environment = try CommandLineProcess.run(
            "pickerctl", ["dial-stdio", "--socket", "/nonexistent/p.sock"],
            environment: ["PICKERD_HOST": "ssh://127.0.0.1:1"])
        #expect(environment.stderr.contains("cannot reach pickerd at /nonexistent/p.sock"), "\(environment)")
    }
}
