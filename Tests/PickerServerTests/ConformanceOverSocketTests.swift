import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Every single-line JSONTestSuite case sent to the daemon as a request line.
@Suite(.tags(.process)) struct ConformanceOverSocketTests {
    /// The answers to one line: whatever arrives before the ping sent after it.
    static func answers(to bytes: [UInt8], on client: TestClient, marker: Int) throws -> [JSON] {
        client.send(raw: bytes + [0x0A])
        client.send(line: #"{"jsonrpc":"2.0","id":"marker-\#(marker)","method":"ping"}"#)
        var answers: [JSON] = []
        while let message = try client.readMessage() {
            if message["id"] == .string("marker-\(marker)") { return answers }
            answers.append(message)
        }
        throw TestFailure("the daemon closed the connection")
    }

    @Test func nCasesGetParseErrorsAndYCasesDoNot() throws {
        guard let yes = try SharedFolder.jsonTestSuiteCases(prefix: "y_"),
            let no = try SharedFolder.jsonTestSuiteCases(prefix: "n_"),
            let either = try SharedFolder.jsonTestSuiteCases(prefix: "i_")
        else {
            Issue.record(Comment(rawValue: SharedFolder.missingSuiteMessage))
            return
        }
        let daemon = try DaemonProcess(logLevel: "info")
        let client = try TestClient(socketPath: daemon.socketPath)
        // One line each: a trailing newline is the line's end; one inside would split it.
        func singleLine(_ bytes: [UInt8]) -> [UInt8]? {
            let trimmed = bytes.last == 0x0A ? Array(bytes.dropLast()) : bytes
            return trimmed.contains(0x0A) ? nil : trimmed
        }
        var marker = 0
        var tested = (yes: 0, no: 0, either: 0, blank: 0)
        for testCase in no {
            guard let line = singleLine(testCase.bytes) else { continue }
            marker += 1
            let answers = try Self.answers(to: line, on: client, marker: marker)
            if LineAssembler.isBlank(line.last == 0x0D ? Array(line.dropLast()) : line) {
                #expect(answers.isEmpty, "\(testCase.name): a blank line gets no answer")
                tested.blank += 1
                continue
            }
            #expect(
                answers.count == 1 && answers.first?["error"]?["code"] == -32700 && answers.first?["id"] == .null,
                "\(testCase.name) got \(answers)")
            tested.no += 1
        }
        for testCase in yes {
            guard let line = singleLine(testCase.bytes) else { continue }
            marker += 1
            let answers = try Self.answers(to: line, on: client, marker: marker)
            #expect(
                !answers.contains { $0["error"]?["code"] == -32700 }, "\(testCase.name) got a parse error: \(answers)")
            tested.yes += 1
        }
        for testCase in either {
            guard let line = singleLine(testCase.bytes) else { continue }
            marker += 1
            _ = try Self.answers(to: line, on: client, marker: marker)
            tested.either += 1
        }
        #expect(tested.no > 150 && tested.yes > 80)
        #expect(try client.result("ping") == "pong")
        #expect(daemon.isRunning)
        print(
            "over the socket: \(tested.no) n_ cases got -32700, \(tested.blank) blank n_ cases got no answer, \(tested.yes) y_ cases parsed, \(tested.either) i_ cases answered"
        )
    }
}
