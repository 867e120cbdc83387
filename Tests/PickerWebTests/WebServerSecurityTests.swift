import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The web front-end's defences (docs/web.md, "Security") that need the real
/// pickerweb: `Host` as its HTTP/1 server reads it off the wire, a secret
/// typed into the page, its command line and URL file. `WebSecurityTests`
/// tries the rest at the routes, in-process.
@Suite(.tags(.process)) struct WebServerSecurityTests {
    let front: WebFrontEnd

    init() throws {
        front = try WebFrontEnd()
    }

    /// DNS rebinding: a site whose name now points at 127.0.0.1 sends its own
    /// name as Host; the server reads it off the wire as the request's authority.
    @Test func aForeignHostIsRefused() throws {
        let cookie = try front.signIn()
        let response = try RawHTTP.request(
            "GET", "/api/state", port: front.port, host: "attacker.example:\(front.port)", headers: ["Cookie": cookie])
        #expect(response.status == 421)
        #expect(try RawHTTP.request("GET", "/", port: front.port, host: "localhost:\(front.port)").status == 200)
    }

    /// RFC 9112 §3.2: a request with more than one Host is 400, whichever
    /// comes first (the first one used to be checked and the rest ignored).
    @Test func aSecondHostIsRefused() throws {
        let cookie = try front.signIn()
        for second in ["127.0.0.1:\(front.port)", "attacker.example"] {
            let response = try RawHTTP.request(
                "GET", "/api/state", port: front.port, headers: ["Cookie": cookie, "Host": second])
            #expect(response.status == 400, "\(second): \(response.status)")
        }
        #expect(try front.api("GET", "/api/state", cookie: cookie).status == 200)
    }

    /// A secret typed into the page goes to its asker and nowhere else: not
    /// the event stream, not the state, not pickerweb's output.
    @Test func aSecureValueNeverReachesTheStreamOrTheState() throws {
        let asking = try front.ask(["text", "--secure", "--title", "Password"])
        try front.daemon.waitForWindows(1)
        let cookie = try front.signIn()
        let state = try JSON.parse(front.api("GET", "/api/state", cookie: cookie).body)
        let window = try #require(state["key"]?.stringValue)
        #expect(state["windows"]?.arrayValue?.first?["secure"] == true)
        let secret = "hunter2-\(UUID().uuidString.prefix(6))"
        let stream = try RawHTTP.Stream("/events", port: front.port, headers: ["Cookie": cookie])
        stream.read { $0.contains("event: sync") }
        let submitted = try front.api(
            "POST", "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": "\#(secret)"}"#)
        #expect(submitted.status == 200)
        #expect(asking.finish().stdout == secret + "\n")
        let streamed = stream.read { $0.contains("window.dismissed") }
        #expect(streamed.contains("window.dismissed"), "\(streamed)")
        #expect(!streamed.contains(secret))
        #expect(!(try front.api("GET", "/api/state", cookie: cookie).body.contains(secret)))
        #expect(!front.web.stdoutSoFar.contains(secret))
    }

    @Test func aNonLoopbackAddressNeedsItsFlag() throws {
        let refused = try CommandLineProcess.run(
            "pickerweb", ["--socket", front.daemon.socketPath, "--listen", "192.0.2.1:0"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("--allow-remote"))
        let wildcard = try CommandLineProcess.run("pickerweb", ["--listen", "0.0.0.0:0", "--allow-remote"])
        #expect(wildcard.status == 64 && wildcard.stderr.contains("name the one address"))
        #expect(try CommandLineProcess.run("pickerweb", ["--listen", "nonsense:port"]).status == 64)
    }

    /// The URL file is the user's alone, goes when pickerweb does, and is
    /// never written into a folder another user may write to.
    @Test func theURLFileIsPrivateAndRemovedOnExit() throws {
        let folder = front.runtime.url.appendingPathComponent("pickerd").path
        let file = folder + "/web-url"
        var status = stat()
        #expect(stat(file, &status) == 0 && status.st_mode & 0o777 == 0o600)
        #expect(stat(folder, &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(try String(contentsOfFile: file, encoding: .utf8) == front.url + "\n")
        front.web.signal(SIGTERM)
        let result = front.web.finish()
        #expect(result.status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(!result.stderr.contains(front.token), "the token is never logged")

        chmod(folder, 0o777)
        let shared = try CommandLineProcess(
            "pickerweb", ["--socket", front.daemon.socketPath], environment: ["XDG_RUNTIME_DIR": front.runtime.url.path]
        )
        defer { shared.signal(SIGKILL) }
        try eventually("the shared pickerweb to print its URL") { shared.stdoutSoFar.contains("\n") }
        shared.signal(SIGTERM)
        let sharedResult = shared.finish()
        #expect(
            sharedResult.stderr.contains("not a folder of yours that only you may write to"), "\(sharedResult.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
