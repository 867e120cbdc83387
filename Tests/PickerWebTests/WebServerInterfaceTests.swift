import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The page's interface that needs the real pickerweb and pickerd: the event
/// stream as it comes (a response that never ends), pickerd going and coming
/// back, and the URL file an asker on a terminal reads. `WebInterfaceTests`
/// tries the routes in-process.
@Suite(.tags(.process)) struct WebServerInterfaceTests {
    let front: WebFrontEnd
    let cookie: String

    init() throws {
        front = try WebFrontEnd()
        cookie = try front.signIn()
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", front.daemon.socketPath] + arguments)
    }

    /// The stream starts with `sync`, then says what changed, never a value.
    @Test func theStreamSaysWhatChangedWithoutValues() throws {
        let stream = try RawHTTP.Stream("/events", port: front.port, headers: ["Cookie": cookie])
        stream.read { $0.contains("event: sync") }
        let window = try front.ask(["text", "--title", "Live", "--no-wait"]).finish().stdout.trimmingCharacters(
            in: .newlines)
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

    /// An asker on a terminal (not asking in place) names the page, as it names `pickerctl ui`.
    @Test func anAskerOnATerminalGivesThePagesURL() throws {
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let command =
            "XDG_RUNTIME_DIR=\(front.runtime.url.path) PICKERD_INLINE=never \(pickerctl) --socket \(front.daemon.socketPath) text --title Name"
        let terminal = try TmuxSession(command, width: 300)
        let screen = try #require(try terminal.waitFor("in a browser at"), "no URL in the hint")
        #expect(screen.replacingOccurrences(of: "\n", with: "").contains(front.url))
    }
}
