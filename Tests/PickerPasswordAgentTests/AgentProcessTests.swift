import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl ask-password-agent --directory` with requests made here: what a
/// hostile local user can and cannot make it do, a user's own agent, and its
/// usage errors.
@Suite(.tags(.process), .timeLimit(.minutes(2))) struct AgentProcessTests {
    let fixture: AgentFixture
    let folder: TestDirectory
    var directory: String { folder.url.path }

    init() throws {
        fixture = try AgentFixture()
        folder = try TestDirectory()
        chmod(directory, 0o755)
    }

    func agent(_ arguments: [String] = [], prefix: [String] = [], environment: [String: String] = [:]) throws
        -> CommandLineProcess
    {
        try CommandLineProcess(
            "pickerctl",
            ["--socket", fixture.daemon.socketPath, "ask-password-agent", "--directory", directory] + arguments,
            environment: environment, prefix: prefix)
    }

    /// Waits until the agent has said `text` on stderr.
    func said(_ text: String, by agent: CommandLineProcess) -> Bool {
        holdsWithin(30) { agent.stderrSoFar.contains(text) }
    }

    @Test func aRequestNamingASocketElsewhereGetsNoWindowAndNoAnswer() throws {
        let agent = try agent()
        defer { agent.signal(SIGTERM) }
        let elsewhere = try TestDirectory()
        let hostile = try FakeAsker(
            in: directory, message: "Your root password, please", socketDirectory: elsewhere.url.path)
        #expect(said("is not in \(directory)", by: agent), "\(agent.stderrSoFar)")
        // A proper request after it is served, so the hostile one was seen and passed over.
        let proper = try FakeAsker(in: directory, message: "Proper")
        let window = try fixture.windows(count: 1)[0]
        #expect(window["title"] == "Proper")
        try fixture.submit("pw", to: window)
        #expect(proper.receive() == Array("+pw".utf8))
        // A fixed 200 ms: that nothing is sent to it has no event to wait for (the proper one was answered first).
        #expect(hostile.receive(timeout: 0.2) == nil)
    }

    @Test func requestsOfOtherUsersOrThatOthersMayWriteAreIgnored() throws {
        guard getuid() == 0 else { throw TestFailure("needs root, to make files of another user") }
        let agent = try agent()
        defer { agent.signal(SIGTERM) }
        let strangers = try FakeAsker(in: directory, owner: 4242)
        #expect(said("belongs to uid 4242", by: agent), "\(agent.stderrSoFar)")
        let socket = try FakeAsker(in: directory, message: "target")
        try FakeAsker.publish(
            "[Ask]\nSocket=\(socket.socketPath)\nMessage=writable\n", at: directory + "/ask.writable", mode: 0o646)
        #expect(said("ignoring ask.writable: other users may write to it", by: agent), "\(agent.stderrSoFar)")
        #expect(try fixture.windows(count: 1)[0]["title"] == "target")
        // A fixed 100 ms: that nothing is sent to it has no event to wait for (the target's window came first).
        #expect(strangers.receive(timeout: 0.1) == nil)
    }

    @Test func aDirectoryOthersMayWriteToIsRefusedAtStart() throws {
        chmod(directory, 0o777)
        let ran = try agent().finish()
        #expect(ran.status == 77, "\(ran.stderr)")
        #expect(ran.stderr.hasPrefix("pickerctl: \(directory) belongs to uid 0 with mode 777"), "\(ran.stderr)")
    }

    @Test func anAnswerSystemdCannotTakeIsAskedForAgain() throws {
        let agent = try agent()
        defer { agent.signal(SIGTERM) }
        let asker = try FakeAsker(in: directory)
        let first = try fixture.windows(count: 1)[0]
        #expect(
            try fixture.client.result("submit", ["window": first["window"] ?? .null, "value": "a\u{0}b"])["reason"]
                == "submitted")
        let second = try fixture.windows(count: 1)[0]
        #expect(second["window"] != first["window"])
        #expect(
            try fixture.details(second)["message"]?.stringValue?.hasPrefix("The answer was not sent: it holds a NUL")
                == true)
        try fixture.submit("ab", to: second)
        #expect(asker.receive() == Array("+ab".utf8))
    }

    @Test func aUsersAgentWatchesTheirRuntimeDirectoryAndIsNotDumpable() throws {
        let user: UInt32 = 4343
        let launcher = try DaemonProcess.runAs(uid: user)
        let daemon = try DaemonProcess.runningAs(uid: user)
        let fixture = try AgentFixture(daemon: daemon)
        chmod(folder.url.path, 0o755)
        let runtime = directory + "/runtime"
        try OwnedDirectory.make(runtime, owner: user, mode: 0o700)
        let agent = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "ask-password-agent"],
            environment: ["XDG_RUNTIME_DIR": runtime], prefix: launcher)
        defer { agent.signal(SIGTERM) }
        let requests = runtime + "/systemd/ask-password"
        var isDirectory: ObjCBool = false
        try eventually("--watch to make $XDG_RUNTIME_DIR/systemd/ask-password: \(agent.stderrSoFar)") {
            FileManager.default.fileExists(atPath: requests, isDirectory: &isDirectory) && isDirectory.boolValue
        }
        let asker = try FakeAsker(in: requests, message: "User request", owner: user)
        let window = try fixture.windows(count: 1)[0]
        #expect(
            try ProcEntry.isDumpable(agent.pid) == false,
            "/proc/\(agent.pid) belongs to its user: the agent is dumpable")
        try fixture.submit("mine", to: window)
        #expect(asker.receive() == Array("+mine".utf8))
    }

    @Test func aUserWithoutARuntimeDirectoryMustNameOne() throws {
        let ran = try CommandLineProcess(
            "pickerctl", ["--socket", fixture.daemon.socketPath, "ask-password-agent", "--query"],
            environment: ["XDG_RUNTIME_DIR": ""], prefix: try DaemonProcess.runAs(uid: 4344)
        ).finish()
        #expect(ran.status == 64 && ran.stderr.contains("--directory"), "\(ran.stderr)")
        let both = try agent(["--watch", "--query"]).finish()
        #expect(both.status == 64, "\(both.stderr)")
    }
}
