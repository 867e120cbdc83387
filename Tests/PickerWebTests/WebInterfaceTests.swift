import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The page's interface (docs/web.md) against the real pickerweb and pickerd,
/// with real pickerctl askers: what the page reads and what its answers do.
@Suite(.tags(.process)) struct WebInterfaceTests {
    let front: WebFrontEnd
    let cookie: String

    init() throws {
        front = try WebFrontEnd()
        cookie = try front.signIn()
    }

    func state() throws -> JSON {
        try JSON.parse(front.api("GET", "/api/state", cookie: cookie).body)
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", front.daemon.socketPath] + arguments)
    }

    @Test func theStateHasEveryWindowWithWhatItTakesToDrawIt() throws {
        let date = try front.ask(["date", "--title", "When", "--message", "Pick a day", "--initial", "2026-03-10", "--no-wait"])
        _ = date.finish()
        let form = try front.ask(["form", "--title", "Login", "--field", "user:text", "--field", #"pass:text:{"secure":true}"#, "--no-wait"])
        _ = form.finish()
        let state = try state()
        #expect(state["connected"] == true)
        let windows = try #require(state["windows"]?.arrayValue)
        #expect(windows.map { $0["title"] } == ["Login", "When"], "top first")
        #expect(state["key"] == windows[0]["window"])
        #expect(windows[1]["shape"] == "date" && windows[1]["message"] == "Pick a day" && windows[1]["value"] == "2026-03-10")
        #expect(windows[1]["options"]?["mode"] == "date" && windows[1]["secure"] == false)
        #expect(windows[0]["secure"] == true, "a form with a secure field is never sent live")
    }

    @Test func anUpdateFromThePageIsLiveAndAnAnswerReachesTheAsker() throws {
        let asking = try front.ask(["custom", "--title", "Target", "--column", "prod,staging", "--column", "us,eu"])
        try front.daemon.waitForWindows(1)
        let window = try #require(try state()["key"]?.stringValue)
        let updated = try front.api("POST", "/api/windows/\(window)/update", cookie: cookie, body: #"{"value": ["staging", "eu"]}"#)
        #expect(updated.status == 200)
        let shown = try pickerctl(["get", window, "--json"])
        #expect(try JSON.parse(shown.stdout)["value"] == ["staging", "eu"])
        let submitted = try front.api("POST", "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": ["prod", "us"]}"#)
        #expect(submitted.status == 200)
        #expect(try JSON.parse(submitted.body)["outcome"]?["reason"] == "submitted")
        #expect(asking.finish().stdout == "prod\tus\n")
    }

    @Test func anUpdateFromTheTerminalShowsInTheState() throws {
        let asking = try front.ask(["text", "--title", "Note", "--no-wait"])
        let window = asking.finish().stdout.trimmingCharacters(in: .newlines)
        #expect(try pickerctl(["update", "--window", window, "written elsewhere"]).status == 0)
        #expect(try state()["windows"]?.arrayValue?.first?["value"] == "written elsewhere")
    }

    @Test func aRejectionIsTheDaemonsSentenceAndTheWindowStays() throws {
        let asking = try front.ask(["form", "--title", "Ticket", "--field", #"ticket:text:{"pattern":"[A-Z]+-[0-9]+"}"#])
        try front.daemon.waitForWindows(1)
        let window = try #require(try state()["key"]?.stringValue)
        let rejected = try front.api("POST", "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": {"ticket": "nope"}}"#)
        #expect(rejected.status == 422)
        let body = try JSON.parse(rejected.body)
        #expect(body["error"]?.stringValue?.contains("does not match") == true && body["field"] == "ticket", "\(body)")
        #expect(asking.isRunning)
        let bad = try front.api("POST", "/api/windows/\(window)/submit", cookie: cookie, body: "not json")
        #expect(bad.status == 400)
        let cancelled = try front.api("POST", "/api/windows/\(window)/cancel", cookie: cookie)
        #expect(cancelled.status == 200)
        #expect(asking.finish().status == 1)
        let gone = try front.api("POST", "/api/windows/\(window)/cancel", cookie: cookie)
        #expect(gone.status == 404 || gone.status == 409, "\(gone.status) \(gone.body)")
    }

    @Test func raisingAWindowMakesItKey() throws {
        let first = try front.ask(["text", "--title", "First", "--no-wait"]).finish().stdout.trimmingCharacters(in: .newlines)
        _ = try front.ask(["text", "--title", "Second", "--no-wait"]).finish()
        #expect(try state()["key"]?.stringValue != first)
        #expect(try front.api("POST", "/api/windows/\(first)/raise", cookie: cookie).status == 200)
        #expect(try state()["key"]?.stringValue == first)
    }

    /// The stream starts with `sync`, then says what changed, never a value.
    @Test func theStreamSaysWhatChangedWithoutValues() throws {
        let stream = try RawHTTP.Stream("/events", port: front.port, headers: ["Cookie": cookie])
        stream.read { $0.contains("event: sync") }
        let window = try front.ask(["text", "--title", "Live", "--no-wait"]).finish().stdout.trimmingCharacters(in: .newlines)
        #expect(try pickerctl(["update", "--window", window, "typed-value"]).status == 0)
        let text = stream.read { $0.contains("window.changed") }
        #expect(text.contains("content-type: text/event-stream") || text.contains("Content-Type: text/event-stream"))
        let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined()
        #expect(body.contains("event: sync"))
        #expect(body.contains(#"data: {"type":"window.presented","window":"\#(window)"}"#), "\(body)")
        #expect(body.contains("window.changed") && !body.contains("typed-value"))
    }

    /// When pickerd goes away the page hears it, and again when it is back.
    @Test func theStreamSaysWhenPickerdGoesAndComesBack() throws {
        let home = try TestDirectory()
        let daemon = try DaemonProcess(home: home)
        let front = try WebFrontEnd(daemon: daemon)
        let cookie = try front.signIn()
        let stream = try RawHTTP.Stream("/events", port: front.port, headers: ["Cookie": cookie])
        stream.read { $0.contains("event: sync") }
        daemon.kill9()
        stream.read { $0.contains(#"{"connected":false}"#) }
        let away = try JSON.parse(front.api("GET", "/api/state", cookie: cookie).body)
        #expect(away["connected"] == false && away["reason"] != nil)
        let back = try DaemonProcess(home: home)
        let text = stream.read(timeout: 20) { $0.contains(#"{"connected":true}"#) }
        #expect(text.contains(#"{"connected":false}"#) && text.contains(#"{"connected":true}"#), "\(text)")
        _ = back
    }

    /// An asker on a terminal names the page, as it names `pickerctl ui`.
    @Test(.tags(.tmux)) func anAskerOnATerminalGivesThePagesURL() throws {
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let command = "XDG_RUNTIME_DIR=\(front.runtime.url.path) \(pickerctl) --socket \(front.daemon.socketPath) text --title Name"
        let terminal = try TmuxSession(command, width: 300)
        let screen = try #require(try terminal.waitFor("in a browser at"), "no URL in the hint")
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains(front.url))
    }

    /// Quiet hours show in the state with how many windows wait behind them.
    @Test func quietHoursAreInTheState() throws {
        _ = try front.ask(["text", "--title", "Held", "--no-wait"]).finish()
        #expect(try state()["quiet"] == nil)
        #expect(try pickerctl(["quiet", "--below", "alert", "--for", "1h"]).status == 0)
        let quiet = try #require(try state()["quiet"])
        #expect(quiet["below_name"] == "alert" && quiet["waiting"] == 1 && quiet["until"] != nil, "\(quiet)")
        #expect(try state()["key"] == .null, "a waiting window is never key")
    }
}
