import Foundation
import PickerTestSupport
import Testing

/// The built programs, pinentry-pickerd and pickerctl pinentry, over real pipes.
@Suite(.tags(.process), .timeLimit(.minutes(2))) struct PinentryProgramTests {
    /// Runs `name arguments` with `input` on stdin, to completion.
    func run(_ name: String, _ arguments: [String], input: String) throws -> CommandLineProcess.Result {
        let process = try CommandLineProcess(name, arguments, input: true)
        try process.write(input: input)
        return process.finish(timeout: 60)
    }

    @Test(arguments: [("pinentry-pickerd", [String]()), ("pickerctl", ["pinentry"])])
    func bothProgramsSpeakTheProtocol(name: String, arguments: [String]) throws {
        let ran = try run(
            name, arguments + ["--display", ":0", "--ttyname", "/dev/null"],
            input: "GETINFO flavor\nGETINFO ttyinfo\nBYE\n")
        #expect(ran.status == 0, "\(ran.stderr)")
        let lines = ran.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "OK Pleased to meet you")
        #expect(lines[1...2] == ["D pickerd", "OK"])
        #expect(lines[3].hasPrefix("D /dev/null - :0 20666/0/0 "), "command-line options count as OPTION: \(lines[3])")
        #expect(lines.last == "OK closing connection")
    }

    @Test func withoutPickerdGetpinAnswersNoPinentryWithASentence() throws {
        let ran = try run(
            "pinentry-pickerd", ["--socket", "/nonexistent/pickerd.sock"], input: "SETDESC x\nGETPIN\nCONFIRM\nBYE\n")
        #expect(ran.status == 0)
        #expect(ran.stdout.components(separatedBy: "ERR 83886165 No pinentry <Pinentry>").count == 3, "\(ran.stdout)")
        #expect(
            ran.stderr.hasPrefix(
                "pinentry-pickerd: cannot ask through pickerd: cannot reach pickerd at /nonexistent/pickerd.sock"),
            "\(ran.stderr)")
    }

    @Test func theEndOfInputMidCommandEndsCleanly() throws {
        let ran = try run("pinentry-pickerd", ["--socket", "/nonexistent/pickerd.sock"], input: "SETDESC x\nGETPI")
        #expect(ran.status == 0)
        #expect(ran.stdout == "OK Pleased to meet you\nOK\n")
        #expect(
            ran.stderr
                == "pinentry-pickerd: the input ended in the middle of a command (\"GETPI\"), which was not run\n")
    }

    @Test func aMegabyteLineAndNulBytesEndCleanly() throws {
        let huge = "SETDESC " + String(repeating: "x", count: 1 << 20) + "\n"
        let ran = try run("pinentry-pickerd", [], input: huge + "SETDESC a\u{0}b\nGETINFO flavor\n")
        #expect(ran.status == 0)
        #expect(
            ran.stdout
                == "OK Pleased to meet you\nERR 536871175 Line passed to IPC too long <User defined source 1>\nOK\nD pickerd\nOK\n"
        )
    }

    /// What a sentence on stderr carries from its callers (here a socket path
    /// and an argument) cannot drive the terminal gpg runs in.
    @Test func sentencesOnStderrShowControlCharacters() throws {
        let asked = try run(
            "pinentry-pickerd", ["--socket", "/nonexistent/\u{1B}]0;owned\u{7}.sock"], input: "GETPIN\nBYE\n")
        #expect(!asked.stderr.contains("\u{1B}") && !asked.stderr.contains("\u{7}"), "\(asked.stderr.debugDescription)")
        #expect(asked.stderr.contains("/nonexistent/\\u{1B}]0;owned\\u{7}.sock"), "\(asked.stderr.debugDescription)")
        let usage = try run("pinentry-pickerd", ["frob\u{1B}[2J"], input: "")
        #expect(
            usage.stderr == "pinentry-pickerd: unexpected argument 'frob\\u{1B}[2J'\n",
            "\(usage.stderr.debugDescription)")
    }

    @Test func anUnknownArgumentIsAUsageError() throws {
        let ran = try run("pinentry-pickerd", ["frobnicate"], input: "")
        #expect(ran.status == 64)
        #expect(ran.stderr == "pinentry-pickerd: unexpected argument 'frobnicate'\n")
    }
}
