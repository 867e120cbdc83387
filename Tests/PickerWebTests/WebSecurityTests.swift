import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The web front-end's defences (docs/web.md, "Security"), each against the
/// real pickerweb: what a web page on another origin, a DNS-rebinding site or
/// another local user could try.
@Suite(.tags(.process)) struct WebSecurityTests {
    let front: WebFrontEnd

    init() throws {
        front = try WebFrontEnd()
    }

    @Test func theInterfaceNeedsTheTokensSession() throws {
        #expect(try RawHTTP.request("GET", "/api/state", port: front.port).status == 401)
        #expect(try RawHTTP.request("GET", "/events", port: front.port).status == 401)
        let forged = try front.api("GET", "/api/state", cookie: "picker_session_\(front.port)=guessed")
        #expect(forged.status == 401)
        // The router ignores empty path parts; the session check must not.
        for path in ["//api/state", "/events/", "//events", "/api//state", "/api/state/"] {
            #expect(try RawHTTP.request("GET", path, port: front.port).status == 401, "\(path)")
        }
        let sneaked = try RawHTTP.request(
            "POST", "//api/windows/w1/cancel", port: front.port, headers: ["X-Picker-CSRF": "1", "Content-Type": "application/json"], body: "{}")
        #expect(sneaked.status == 401)
        let wrongToken = try RawHTTP.request("POST", "/session", port: front.port, headers: ["X-Picker-Token": "guess", "X-Picker-CSRF": "1"])
        #expect(wrongToken.status == 403 && wrongToken.headers["set-cookie"] == nil)
        let cookie = try front.signIn()
        #expect(try front.api("GET", "/api/state", cookie: cookie).status == 200)
    }

    @Test func theSessionCookieIsHttpOnlyAndStrict() throws {
        let response = try RawHTTP.request("POST", "/session", port: front.port, headers: ["X-Picker-Token": front.token, "X-Picker-CSRF": "1"])
        let cookie = try #require(response.headers["set-cookie"])
        #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
        #expect(cookie.hasPrefix("picker_session_\(front.port)="), "named for its port, so two pickerwebs never clash")
        #expect(!cookie.contains(front.token), "the cookie holds a session secret, not the token")
    }

    /// DNS rebinding: a site whose name now points at 127.0.0.1 sends its own
    /// name as Host, on the page, the interface and the event stream alike.
    @Test func aForeignHostIsRefusedEverywhere() throws {
        let cookie = try front.signIn()
        for path in ["/", "/app.js", "/api/state", "/events"] {
            let response = try RawHTTP.request("GET", path, port: front.port, host: "attacker.example:\(front.port)", headers: ["Cookie": cookie])
            #expect(response.status == 421, "\(path): \(response.status)")
        }
        let noPort = try RawHTTP.request("GET", "/", port: front.port, host: "127.0.0.1")
        #expect(noPort.status == 421)
        #expect(try RawHTTP.request("GET", "/", port: front.port, host: "localhost:\(front.port)").status == 200)
    }

    /// RFC 9112 §3.2: a request with more than one Host is 400, whichever
    /// comes first (the first one used to be checked and the rest ignored).
    @Test func aSecondHostIsRefused() throws {
        let cookie = try front.signIn()
        for second in ["127.0.0.1:\(front.port)", "attacker.example"] {
            let response = try RawHTTP.request("GET", "/api/state", port: front.port, headers: ["Cookie": cookie, "Host": second])
            #expect(response.status == 400, "\(second): \(response.status)")
        }
        #expect(try front.api("GET", "/api/state", cookie: cookie).status == 200)
    }

    @Test func aChangeNeedsTheCSRFHeaderAndOurOrigin() throws {
        let asking = try front.ask(["text", "--title", "Name"])
        try front.daemon.waitForWindows(1)
        let cookie = try front.signIn()
        let window = try #require(try JSON.parse(front.api("GET", "/api/state", cookie: cookie).body)["key"]?.stringValue)
        let body = #"{"value": "forged"}"#
        // What a form on another site can send: the cookie (were it not
        // SameSite), a simple content type, no custom header.
        let noHeader = try RawHTTP.request(
            "POST", "/api/windows/\(window)/submit", port: front.port,
            headers: ["Cookie": cookie, "Content-Type": "text/plain"], body: body)
        #expect(noHeader.status == 403)
        let foreignOrigin = try RawHTTP.request(
            "POST", "/api/windows/\(window)/submit", port: front.port,
            headers: ["Cookie": cookie, "Content-Type": "application/json", "X-Picker-CSRF": "1", "Origin": "http://attacker.example"], body: body)
        #expect(foreignOrigin.status == 403)
        #expect(asking.isRunning, "nothing was answered")
        let ours = try RawHTTP.request(
            "POST", "/api/windows/\(window)/submit", port: front.port,
            headers: [
                "Cookie": cookie, "Content-Type": "application/json", "X-Picker-CSRF": "1", "Origin": "http://127.0.0.1:\(front.port)",
            ], body: #"{"value": "Ada"}"#)
        #expect(ours.status == 200)
        #expect(asking.finish().stdout == "Ada\n")
    }

    @Test func everyResponseCarriesTheSecurityHeadersAndNoCORS() throws {
        let cookie = try front.signIn()
        let responses = [
            try RawHTTP.request("GET", "/", port: front.port),
            try RawHTTP.request("GET", "/api/state", port: front.port),
            try front.api("GET", "/api/state", cookie: cookie),
            try RawHTTP.request(
                "OPTIONS", "/api/windows/w1/submit", port: front.port,
                headers: ["Origin": "http://attacker.example", "Access-Control-Request-Method": "POST"]),
        ]
        for response in responses {
            #expect(response.headers["content-security-policy"]?.hasPrefix("default-src 'self'; frame-ancestors 'none'") == true)
            #expect(response.headers["x-content-type-options"] == "nosniff")
            #expect(response.headers["cache-control"] == "no-store")
            #expect(response.headers["access-control-allow-origin"] == nil)
        }
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
        let submitted = try front.api("POST", "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": "\#(secret)"}"#)
        #expect(submitted.status == 200)
        #expect(asking.finish().stdout == secret + "\n")
        let streamed = stream.read { $0.contains("window.dismissed") }
        #expect(streamed.contains("window.dismissed"), "\(streamed)")
        #expect(!streamed.contains(secret))
        #expect(!(try front.api("GET", "/api/state", cookie: cookie).body.contains(secret)))
        #expect(!front.web.stdoutSoFar.contains(secret))
    }

    @Test func aNonLoopbackAddressNeedsItsFlag() throws {
        let refused = try CommandLineProcess.run("pickerweb", ["--socket", front.daemon.socketPath, "--listen", "192.0.2.1:0"])
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
            "pickerweb", ["--socket", front.daemon.socketPath], environment: ["XDG_RUNTIME_DIR": front.runtime.url.path])
        defer { shared.signal(SIGKILL) }
        _ = holdsWithin(20) { shared.stdoutSoFar.contains("\n") || !shared.isRunning }
        shared.signal(SIGTERM)
        let sharedResult = shared.finish()
        #expect(sharedResult.stderr.contains("not a folder of yours that only you may write to"), "\(sharedResult.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }
}
