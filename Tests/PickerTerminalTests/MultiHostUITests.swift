import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl ui --host A --host B` in tmux, following two real daemons (two
/// sockets standing for two hosts): one merged stack, each window labelled
/// by its host, each answer going to the daemon that asked.
@Suite(.tags(.process, .tmux)) struct MultiHostUITests {
    /// A daemon on `NAME.sock` in a home of its own, so its label is `NAME.sock`.
    static func daemon(_ name: String, home: TestDirectory) throws -> DaemonProcess {
        try DaemonProcess(home: home, socketPath: home.url.appendingPathComponent("\(name).sock").path)
    }

    static func ui(following daemons: [DaemonProcess]) throws -> TmuxSession {
        let hosts = daemons.flatMap { ["--host", $0.socketPath] }
        let ui = try TmuxSession(
            ([DaemonProcess.executable("pickerctl").path, "ui", "--grace", "0"] + hosts).joined(separator: " "))
        guard try ui.waitFor("No picker is waiting.") != nil else {
            throw TestFailure("pickerctl ui never said it was waiting:\n\(try ui.screen())")
        }
        return ui
    }

    @Test func bothHostsWindowsAreShownLabelledAndAnsweredWhereTheyWereAsked() throws {
        let alpha = try Self.daemon("alpha", home: TestDirectory())
        let beta = try Self.daemon("beta", home: TestDirectory())
        let ui = try Self.ui(following: [alpha, beta])
        let fromAlpha = try CommandLineProcess("pickerctl", ["--socket", alpha.socketPath, "text", "--title", "Older"])
        #expect(try ui.waitFor("alpha.sock: Older") != nil)
        let fromBeta = try CommandLineProcess("pickerctl", ["--socket", beta.socketPath, "text", "--title", "Newer"])
        // The newer window is on top; the other is listed under it with its host.
        let screen = try #require(try ui.waitFor("beta.sock: Newer"))
        #expect(screen.contains("alpha.sock: Older"), "\(screen)")
        try ui.type("to-beta")
        try ui.send("Enter")
        #expect(fromBeta.finish().stdout == "to-beta\n")
        #expect(try ui.waitFor("beta.sock: Newer", gone: true) != nil)
        try ui.type("to-alpha")
        try ui.send("Enter")
        #expect(fromAlpha.finish().stdout == "to-alpha\n")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
    }

    @Test func aHostRestartedIsSaidOnceAndFollowedAgainWhileTheOtherStaysAnswerable() throws {
        let alphaHome = try TestDirectory()
        var alpha = try Self.daemon("alpha", home: alphaHome)
        let beta = try Self.daemon("beta", home: TestDirectory())
        let ui = try Self.ui(following: [alpha, beta])
        let survivor = try TestClient(socketPath: alpha.socketPath).result(
            "present", ["kind": "text", "title": "Survivor"])["window"]!
        #expect(try ui.waitFor("alpha.sock: Survivor") != nil)
        let steady = try CommandLineProcess("pickerctl", ["--socket", beta.socketPath, "text", "--title", "Steady"])
        #expect(try ui.waitFor("beta.sock: Steady") != nil)

        alpha.kill9()
        let away = try #require(try ui.waitFor("alpha.sock is away"))
        #expect(!away.contains("Survivor"), "its windows leave the screen")
        try ui.type("while-away")
        try ui.send("Enter")
        #expect(steady.finish().stdout == "while-away\n", "the other host is answered undisturbed")
        // Retried every 300 ms meanwhile, and still said once.
        #expect(try ui.screen().components(separatedBy: "alpha.sock is away").count == 2)

        alpha = try Self.daemon("alpha", home: alphaHome)
        #expect(try ui.waitFor("alpha.sock: Survivor") != nil, "followed again when it returns")
        #expect(try ui.waitFor("alpha.sock is away", gone: true) != nil)
        try ui.type("back")
        try ui.send("Enter")
        let outcome = try TestClient(socketPath: alpha.socketPath).result(
            "wait", ["window": survivor, "timeout_ms": 5000])
        #expect(outcome["value"] == "back")
    }

    /// Ctrl-N reaches an older window of another host: raised on its own
    /// host (where it already was the key), it comes forward here too. The
    /// line naming the asker names the host.
    @Test func ctrlNBringsAnOlderWindowOfAnotherHostToTheFront() throws {
        let alpha = try Self.daemon("alpha", home: TestDirectory())
        let beta = try Self.daemon("beta", home: TestDirectory())
        let ui = try Self.ui(following: [alpha, beta])
        let older = try CommandLineProcess("pickerctl", ["--socket", alpha.socketPath, "text", "--title", "Older"])
        let asked = try #require(try ui.waitFor("pickerctl on alpha.sock"), "the asker's line names the host")
        #expect(asked.contains("] alpha.sock: Older"), "\(asked)")
        let newer = try CommandLineProcess("pickerctl", ["--socket", beta.socketPath, "text", "--title", "Newer"])
        #expect(try ui.waitFor("] beta.sock: Newer") != nil)
        #expect(try ui.waitFor("pickerctl on beta.sock") != nil)
        try ui.send("C-n")
        let switched = try #require(try ui.waitFor("] alpha.sock: Older"), "Ctrl-N reached the other host's window")
        #expect(switched.contains("pickerctl on alpha.sock"), "\(switched)")
        try ui.type("to-alpha")
        try ui.send("Enter")
        #expect(older.finish().stdout == "to-alpha\n")
        #expect(try ui.waitFor("] beta.sock: Newer") != nil)
        try ui.type("to-beta")
        try ui.send("Enter")
        #expect(newer.finish().stdout == "to-beta\n")
    }
}
