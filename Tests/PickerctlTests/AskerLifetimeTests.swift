import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// A blocked asker and its window live and die together, whatever happens to
/// pickerd: a restart costs the asker nothing, and an asker that dies does not
/// leave its window open (DESIGN.md, "The asker's lifetime").
@Suite(.tags(.process)) struct AskerLifetimeTests {
    let home: TestDirectory

    init() throws {
        home = try TestDirectory()
    }

    func start(_ daemon: DaemonProcess, _ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// Waits until a window that `daemon` ends `grace_ms` after its
    /// connection closes (`on_disconnect: dismiss`, windows.reattach_ms) has
    /// ended: the grace has passed by the daemon's own clock, for anything
    /// that left before it.
    func graceHasPassed(_ daemon: DaemonProcess) throws {
        let client = try TestClient(socketPath: daemon.socketPath)
        let witness = try client.result("present", ["kind": "text", "title": "Witness", "on_disconnect": "dismiss"])[
            "window"]!
        client.close()
        let observer = try TestClient(socketPath: daemon.socketPath)
        try eventually("the witness window to end after the grace") {
            try observer.result("list")["windows"]?.arrayValue?.contains { $0["window"] == witness } == false
        }
    }

    /// The id of the one open window.
    func openWindow(_ daemon: DaemonProcess) throws -> String {
        try daemon.waitForWindows(1)
        let list = try TestClient(socketPath: daemon.socketPath).result("list")
        return try #require(list["windows"]?.arrayValue?.first?["window"]?.stringValue)
    }

    @Test(arguments: [SIGTERM, SIGKILL])
    func anAskerOutlivesARestartOfPickerdAndPrintsItsValueOnce(stop signal: Int32) throws {
        var daemon = try DaemonProcess(home: home)
        let asker = try start(daemon, ["text", "--title", "Name"])
        let window = try openWindow(daemon)
        if signal == SIGKILL { daemon.kill9() } else { daemon.stop() }
        #expect(asker.isRunning, "the asker waits for pickerd to come back")
        daemon = try DaemonProcess(home: home)
        // Answered as soon as the window is back, maybe before the asker has reconnected.
        let submitted = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "submit", "--window", window, "Ada"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let result = asker.finish()
        #expect(result.status == 0)
        #expect(result.stdout == "Ada\n")
        #expect(result.stderr.isEmpty, "nothing extra when stderr is not a terminal")
    }

    @Test func anAskerThatReattachesKeepsItsWindowPastTheGrace() throws {
        var daemon = try DaemonProcess(config: #"{"windows": {"reattach_ms": 1000}}"#, home: home)
        let asker = try start(daemon, ["text"])
        let window = try openWindow(daemon)
        daemon.stop()
        daemon = try DaemonProcess(config: #"{"windows": {"reattach_ms": 1000}}"#, home: home)
        // Long past the grace: the asker came back and adopted its window.
        try daemon.waitForLog("adopted by its asker again")
        try graceHasPassed(daemon)
        let list = try TestClient(socketPath: daemon.socketPath).result("list")
        #expect(list["windows"]?.arrayValue?.first?["window"]?.stringValue == window)
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "submit", "later"]).status == 0)
        #expect(asker.finish().stdout == "later\n")
    }

    @Test func anAskerWhosePickerdStaysAwayExits69NamingTheWindow() throws {
        let daemon = try DaemonProcess(home: home)
        let asker = try start(daemon, ["text", "--reconnect", "1s"])
        let window = try openWindow(daemon)
        daemon.stop()
        let result = asker.finish(timeout: 20)
        #expect(result.status == 69)
        #expect(result.stderr.contains("pickerctl wait \(window)"), "\(result.stderr)")
        #expect(result.stderr.contains("within 1s"))
    }

    @Test(arguments: [SIGINT, SIGKILL])
    func theWindowOfAnAskerThatDiesEndsWithinTheGrace(signal: Int32) throws {
        let daemon = try DaemonProcess(config: #"{"windows": {"reattach_ms": 500}}"#, home: home)
        let asker = try start(daemon, ["text", "--title", "Name"])
        let window = try openWindow(daemon)
        asker.signal(signal)
        _ = asker.finish()
        try daemon.waitForWindows(0)
        let history = try TestClient(socketPath: daemon.socketPath).result("history", ["window": .string(window)])
        #expect(history["outcomes"]?.arrayValue?.first?["reason"] == "owner_gone")
    }

    /// On a terminal, not asking in place (`--inline never`), the asker says
    /// once what it waits for and how to answer; through a pipe (every other
    /// test here) its stderr stays empty.
    @Test(.tags(.tmux)) func anAskerOnATerminalSaysWhatItWaitsFor() throws {
        let daemon = try DaemonProcess(home: home)
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let terminal = try TmuxSession(
            "\(pickerctl) --socket \(daemon.socketPath) text --inline never --title Name; echo exit=$?", width: 200)
        let screen = try #require(try terminal.waitFor("pickerctl ui"), "no hint on the terminal")
        #expect(screen.contains("waiting for an answer to “Name” (window w1-"))
        #expect(screen.components(separatedBy: "waiting for an answer").count == 2, "said once:\n\(screen)")
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "submit", "Ada"]).status == 0)
        let done = try #require(try terminal.waitFor("exit=0"))
        #expect(done.contains("Ada"))
    }

    @Test func keepKeepsTheWindowOfAnAskerThatDies() throws {
        let daemon = try DaemonProcess(config: #"{"windows": {"reattach_ms": 200}}"#, home: home)
        let asker = try start(daemon, ["text", "--on-disconnect", "keep"])
        let window = try openWindow(daemon)
        asker.signal(SIGKILL)
        _ = asker.finish()
        try graceHasPassed(daemon)
        let list = try TestClient(socketPath: daemon.socketPath).result("list")
        #expect(list["windows"]?.arrayValue?.first?["window"]?.stringValue == window)
    }
}
