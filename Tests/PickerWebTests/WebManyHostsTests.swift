#if ROUTER_TESTS  // Package.swift, `routerTests`
import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// pickerweb following two hosts (`pickerctl web --host A --host B`) at its
/// routes, in-process: two real pickerd on sockets of their own stand for two
/// hosts, and real pickerctl askers wait on each. The merged state, answers
/// routed by the qualified id, hostile ids, and a host that goes away.
@Suite(.tags(.process)) struct WebManyHostsTests {
    let alpha: DaemonProcess
    let beta: DaemonProcess
    let routes: PageRoutes

    init() throws {
        alpha = try DaemonProcess.named("alpha")
        beta = try DaemonProcess.named("beta")
        routes = try PageRoutes(daemons: [alpha, beta])
    }

    /// `pickerctl ARGUMENTS` against `daemon`, left running.
    func ask(_ daemon: DaemonProcess, _ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// A text window asked on alpha, then one on beta (the newer), each waiting.
    func askOnBoth(_ alphaTitle: String, _ betaTitle: String) async throws -> (
        alpha: CommandLineProcess, beta: CommandLineProcess
    ) {
        let (alpha, beta) = (alpha, beta)
        let fromAlpha = try ask(alpha, ["text", "--title", alphaTitle])
        try await offThePool { try alpha.waitForWindows(1) }
        let fromBeta = try ask(beta, ["text", "--title", betaTitle])
        try await offThePool { try beta.waitForWindows(1) }
        return (fromAlpha, fromBeta)
    }

    /// A fresh session, and the state once both hosts' windows are on it.
    static func signInToBoth(_ page: PageClient) async throws -> (cookie: String, state: JSON) {
        let cookie = try await page.signIn()
        return (cookie, try await stateWithWindows(2, page: page, cookie: cookie))
    }

    /// The state once both hosts' windows are on it.
    static func stateWithWindows(_ count: Int, page: PageClient, cookie: String) async throws -> JSON {
        var state = JSON.null
        try await eventually("\(count) windows on the page") {
            state = try await page.api(.get, "/api/state", cookie: cookie).json
            return state["windows"]?.arrayValue?.count == count
        }
        return state
    }

    /// The page's address of a window: its id as encodeURIComponent writes it (`/` as `%2F`).
    static func address(_ window: JSON?, _ verb: String) throws -> String {
        let id = try #require(window?["window"]?.stringValue)
        return "/api/windows/\(id.replacingOccurrences(of: "/", with: "%2F"))/\(verb)"
    }

    @Test func bothHostsWindowsAreOneStackEachQualifiedAndLabelledByItsHost() async throws {
        let (fromAlpha, fromBeta) = try await askOnBoth("Deploy where?", "Deploy where?")
        defer { for asker in [fromAlpha, fromBeta] { asker.signal(SIGTERM) } }
        try await routes.test { page in
            let (_, state) = try await Self.signInToBoth(page)
            let windows = try #require(state["windows"]?.arrayValue)
            #expect(windows.map { $0["host"] } == ["beta.sock", "alpha.sock"], "newest first: \(state)")
            let ids = windows.compactMap { $0["window"]?.stringValue }
            #expect(ids[0].hasPrefix("beta.sock/") && ids[1].hasPrefix("alpha.sock/"), "\(ids)")
            #expect(windows.map { $0["title"] } == ["Deploy where?", "Deploy where?"], "the label is not in the title")
            #expect(state["key"] == windows[0]["window"])
            #expect(
                state["hosts"] == [
                    ["label": "alpha.sock", "connected": true], ["label": "beta.sock", "connected": true],
                ])
        }
    }

    @Test func eachAnswerGoesToTheDaemonThatAskedIt() async throws {
        let (fromAlpha, fromBeta) = try await askOnBoth("Alpha's name", "Beta's name")
        try await routes.test { page in
            let (cookie, state) = try await Self.signInToBoth(page)
            let windows = try #require(state["windows"]?.arrayValue)
            let alphas = windows.first { $0["host"] == "alpha.sock" }
            let betas = windows.first { $0["host"] == "beta.sock" }
            let updated = try await page.api(
                .post, try Self.address(betas, "update"), cookie: cookie, body: #"{"value": "typed on beta"}"#)
            #expect(
                try updated.status == 200 && updated.json["window"]?["window"] == betas?["window"], "\(updated.body)")
            let shown = try await routes.pickerctlOn(beta, ["get", "--json"])
            #expect(try JSON.parse(shown.stdout)["value"] == "typed on beta")
            let toBeta = try await page.api(
                .post, try Self.address(betas, "submit"), cookie: cookie, body: #"{"value": "bob"}"#)
            #expect(toBeta.status == 200, "\(toBeta.body)")
            #expect(try await fromBeta.finished().stdout == "bob\n")
            #expect(fromAlpha.isRunning, "alpha's asker still waits")
            let toAlpha = try await page.api(.post, try Self.address(alphas, "cancel"), cookie: cookie)
            #expect(
                try toAlpha.status == 200 && toAlpha.json["outcome"]?["window"] == alphas?["window"], "\(toAlpha.body)")
            #expect(try await fromAlpha.finished().status != 0, "cancelled")
        }
    }

    /// Raising an older window of another host (the list of other windows,
    /// notify's Open) brings it to the front across hosts, not only on its own.
    @Test func aRaisedWindowOfAnotherHostBecomesTheKey() async throws {
        let askers = try await askOnBoth("Older", "Newer")
        defer {
            askers.alpha.signal(SIGTERM)
            askers.beta.signal(SIGTERM)
        }
        try await routes.test { page in
            let (cookie, state) = try await Self.signInToBoth(page)
            let alphas = state["windows"]?.arrayValue?.first { $0["host"] == "alpha.sock" }
            #expect(state["key"] != alphas?["window"], "the newer window, beta's, is key: \(state)")
            let raised = try await page.api(.post, try Self.address(alphas, "raise"), cookie: cookie)
            #expect(raised.status == 200, "\(raised.body)")
            let after = try await Self.stateWithWindows(2, page: page, cookie: cookie)
            #expect(after["key"] == alphas?["window"], "\(after)")
            #expect(after["windows"]?.arrayValue?.first?["host"] == "alpha.sock", "\(after)")
        }
    }

    /// An address names a window only as the state named it: an id of one
    /// daemon's own, another host's label, a path trick, a double escape or
    /// a broken one reaches no daemon.
    @Test func anIdTheStateDidNotGiveAnswersNoWindowOnEitherHost() async throws {
        let (fromAlpha, fromBeta) = try await askOnBoth("Alpha", "Beta")
        defer { for asker in [fromAlpha, fromBeta] { asker.signal(SIGTERM) } }
        try await routes.test { page in
            let (cookie, state) = try await Self.signInToBoth(page)
            let qualified = try #require(state["windows"]?.arrayValue?.first?["window"]?.stringValue)
            let own = String(qualified.split(separator: "/").last ?? "")
            let refused: [(String, Int)] = [
                (own, 404),  // each daemon's own id: which one it is, is not guessed
                ("gamma.sock%2F\(own)", 404),
                ("alpha.sock%2F..%2Fbeta.sock%2F\(own)", 404),
                (qualified.replacingOccurrences(of: "/", with: "%252F"), 404),
                ("alpha.sock%2", 400),
                ("alpha.sock%zz\(own)", 400),
                ("%C3%28", 400),  // not UTF-8
            ]
            for (segment, status) in refused {
                let response = try await page.api(
                    .post, "/api/windows/\(segment)/submit", cookie: cookie, body: #"{"value": "x"}"#)
                #expect(response.status == status, "\(segment): \(response.status) \(response.body)")
            }
        }
        #expect(fromAlpha.isRunning && fromBeta.isRunning, "no window was answered")
    }

    @Test func aHostThatGoesAwayTakesOnlyItsWindowsAndIsSaidUntilItReturns() async throws {
        let fromAlpha = try ask(alpha, ["text", "--title", "Alpha"])
        try await offThePool { try alpha.waitForWindows(1) }
        _ = try await routes.pickerctlOn(beta, ["text", "--title", "Beta", "--no-wait"])
        let beta = beta
        try await routes.test { page in
            let cookie = try await page.signIn()
            _ = try await Self.stateWithWindows(2, page: page, cookie: cookie)
            _ = beta.stop()
            let state = try await Self.stateWithWindows(1, page: page, cookie: cookie)
            #expect(state["connected"] == true && state["windows"]?.arrayValue?.first?["host"] == "alpha.sock")
            let hosts = try #require(state["hosts"]?.arrayValue)
            #expect(hosts[0] == ["label": "alpha.sock", "connected": true])
            #expect(hosts[1]["connected"] == false && hosts[1]["reason"]?.stringValue?.isEmpty == false, "\(hosts)")
            let answered = try await page.api(
                .post, try Self.address(state["windows"]?.arrayValue?.first, "submit"), cookie: cookie,
                body: #"{"value": "still"}"#)
            #expect(answered.status == 200, "\(answered.body)")
            #expect(try await fromAlpha.finished().stdout == "still\n")
            // Back on the same socket: followed again, and no longer said to be away.
            let again = try DaemonProcess(home: beta.home, socketPath: beta.socketPath)
            defer { _ = again.stop() }
            try await eventually("beta followed again") {
                try await page.api(.get, "/api/state", cookie: cookie).json["hosts"]?.arrayValue?.last
                    == ["label": "beta.sock", "connected": true]
            }
        }
    }

    /// A host that stops answering without closing its connection (here a
    /// stopped daemon) is left out of the page after `readTimeout`, not
    /// waited for, and comes back when it answers again.
    @Test func aHostThatHangsHoldsUpNoOther() async throws {
        _ = try await routes.pickerctlOn(alpha, ["text", "--title", "Alpha", "--no-wait"])
        _ = try await routes.pickerctlOn(beta, ["text", "--title", "Beta", "--no-wait"])
        let beta = beta
        try await routes.test { page in
            let (cookie, _) = try await Self.signInToBoth(page)
            beta.signal(SIGSTOP)
            defer { beta.signal(SIGCONT) }
            let state = try await Self.stateWithWindows(1, page: page, cookie: cookie)
            #expect(state["windows"]?.arrayValue?.first?["host"] == "alpha.sock", "\(state)")
            let away = state["hosts"]?.arrayValue?.last?["reason"]?.stringValue ?? ""
            #expect(away.contains("does not answer"), "\(state)")
            beta.signal(SIGCONT)
            _ = try await Self.stateWithWindows(2, page: page, cookie: cookie)
        }
    }

    /// The real `pickerctl web --host A --host B`: the stream names windows
    /// qualified, and says a host that goes away once however often it is
    /// retried, then its return.
    @Test func pickerctlWebFollowsBothHostsAndTheStreamSaysALostOneOnce() throws {
        let front = try WebFrontEnd(
            command: "pickerctl", ["web", "--host", alpha.socketPath, "--host", beta.socketPath], daemon: alpha)
        let cookie = try front.signIn()
        let stream = try RawHTTP.Stream("/events", port: front.port, headers: ["Cookie": cookie])
        stream.read { $0.contains("event: sync") }
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", beta.socketPath, "text", "--no-wait"]).status == 0)
        stream.read { $0.contains(#""window":"beta.sock/"#) }
        let state = try JSON.parse(front.api("GET", "/api/state", cookie: cookie).body)
        #expect(state["windows"]?.arrayValue?.first?["host"] == "beta.sock", "\(state)")
        _ = beta.stop()
        stream.read { $0.contains(#""connected":false"#) }
        // Retried every 300 ms while it is away; back on the same socket.
        let again = try DaemonProcess(home: beta.home, socketPath: beta.socketPath)
        defer { _ = again.stop() }
        let text = stream.read(timeout: 20) { $0.contains(#""connected":true"#) }
        let hostMessages = text.components(separatedBy: "event: host\n").dropFirst()
        #expect(hostMessages.count == 2, "once away, once back: \(text)")
        #expect(hostMessages.allSatisfy { $0.contains(#""host":"beta.sock""#) }, "\(text)")
    }

    /// A `--host` that ssh would read as an option is refused before anything runs.
    @Test func pickerwebRefusesAHostileHostBeforeRunningAnything() throws {
        let folder = try TestDirectory()
        let witness = folder.url.appendingPathComponent("ran").path
        let refused = try CommandLineProcess.run(
            "pickerweb", ["--host", alpha.socketPath, "--host", "ssh://-oProxyCommand=touch \(witness)"])
        #expect(refused.status == 64 && refused.stderr.contains("--host"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: witness))
    }

    @Test func oneHostIsItsOwnStackUnqualified() async throws {
        let routes = try PageRoutes(daemon: alpha)
        #expect(try await routes.pickerctl(["text", "--title", "Alone", "--no-wait"]).status == 0)
        try await routes.test { page in
            let state = try await page.connectedState(cookie: try await page.signIn())
            let window = try #require(state["windows"]?.arrayValue?.first)
            #expect(window["host"] == nil && state["hosts"] == nil)
            #expect(window["window"]?.stringValue?.contains("/") == false)
        }
    }
}

extension PageRoutes {
    /// `pickerctl ARGUMENTS` against one of the followed daemons, to its end.
    func pickerctlOn(_ daemon: DaemonProcess, _ arguments: [String]) async throws -> CommandLineProcess.Result {
        try await offThePool { try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments) }
    }
}
#endif
