import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// A secret never in the command line (`submit --stdin`), never echoed, and
/// pickerctl not dumpable while it may hold one.
@Suite(.tags(.process)) struct SecretInputTests {
    static let secret = "correct horse battery staple"

    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess()
    }

    func start(_ arguments: [String], prefix: [String] = [], input: Bool = false) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments, prefix: prefix, input: input)
    }

    func waitForWindows(_ count: Int) throws {
        try daemon.waitForWindows(count)
    }

    @Test func submitStdinKeepsTheValueOutOfTheCommandLine() throws {
        let asking = try start(["text", "--secure", "--title", "Password"])
        try waitForWindows(1)
        let submit = try start(["submit", "--stdin"], input: true)
        // It waits for its input: look at what every user can see meanwhile.
        try eventually("submit --stdin to read its standard input") {
            ProcEntry.isReading(submit.pid, descriptor: 0) || !submit.isRunning
        }
        #expect(submit.isRunning, "it reads standard input before anything else")
        let arguments = try ProcEntry.commandLine(of: submit.pid)
        #expect(arguments.suffix(2) == ["submit", "--stdin"] && !arguments.contains { $0.contains("horse") })
        try submit.write(input: Self.secret + "\n")
        let submitted = submit.finish()
        #expect(submitted.status == 0 && submitted.stderr.isEmpty, "\(submitted.stderr)")
        #expect(asking.finish().stdout == Self.secret + "\n", "one line break at the end is dropped")
    }

    @Test func submitStdinReadsAllOfAPipe() throws {
        let asking = try start(["text", "--multiline"])
        try waitForWindows(1)
        let submit = try start(["submit", "--stdin"], input: true)
        try submit.write(input: "first\nsecond\n")
        #expect(submit.finish().status == 0)
        #expect(asking.finish().stdout == "first\nsecond\n")

        let actions = try start(["actions", "--action", "Deploy", "--action", "Wait"])
        try waitForWindows(1)
        let json = try start(["submit", "--json", "--stdin"], input: true)
        try json.write(input: #"{"index": 1}"#)
        #expect(json.finish().status == 0)
        #expect(actions.finish().stdout == "Wait\n")

        let both = try start(["submit", "--stdin", "x"])
        #expect(both.finish().status == 64)
    }

    @Test(.tags(.tmux)) func submitStdinFromATerminalDoesNotEcho() throws {
        let asking = try start(["text", "--secure", "--title", "Password"])
        try waitForWindows(1)
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let terminal = try TmuxSession("\(pickerctl) --socket \(daemon.socketPath) submit --stdin; echo exit=$?")
        #expect(try terminal.waitFor("Value (not shown):") != nil)
        try terminal.type(Self.secret)
        try terminal.send("Enter")
        let screen = try #require(try terminal.waitFor("exit=0"))
        #expect(!screen.contains("horse"), "the secret was echoed:\n\(screen)")
        #expect(asking.finish().stdout == Self.secret + "\n")
    }

    @Test func pickerctlAskingForASecretIsNotDumpable() throws {
        let open = try DaemonProcess(
            config: #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}}"#,
            socketDirectoryMode: 0o755)
        let asking = try CommandLineProcess(
            "pickerctl", ["--socket", open.socketPath, "text", "--secure", "--title", "Password"],
            prefix: try DaemonProcess.runAs(uid: 65534))
        let client = try TestClient(socketPath: open.socketPath)
        try eventually("the window to open") { try client.result("list")["windows"]?.arrayValue?.isEmpty == false }
        #expect(try ProcEntry.uid(of: asking.pid) == 65534)
        #expect(
            try ProcEntry.isDumpable(asking.pid) == false, "/proc/\(asking.pid) belongs to its user: it is dumpable")
        _ = try client.result("submit", ["value": .string(Self.secret)])
        #expect(asking.finish().stdout == Self.secret + "\n")
    }
}
