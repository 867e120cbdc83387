#if ROUTER_TESTS  // Package.swift, `routerTests`
import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The page's interface (docs/web.md) at pickerweb's routes, in-process, with
/// a real pickerd and real pickerctl askers: what the page reads and what its
/// answers do. `WebServerInterfaceTests` reads the event stream from the real pickerweb.
@Suite(.tags(.process)) struct WebInterfaceTests {
    let routes: PageRoutes

    init() throws {
        routes = try PageRoutes(daemon: try DaemonProcess())
    }

    /// Windows asked with `--no-wait`, then the page's state with them.
    func state(after asks: [[String]] = []) async throws -> JSON {
        for ask in asks { #expect(try await routes.pickerctl(ask + ["--no-wait"]).status == 0) }
        return try await routes.test { page in try await page.connectedState(cookie: try await page.signIn()) }
    }

    @Test func theStateHasEveryWindowWithWhatItTakesToDrawIt() async throws {
        let state = try await state(after: [
            ["date", "--title", "When", "--message", "Pick a day", "--initial", "2026-03-10"],
            ["form", "--title", "Login", "--field", "user:text", "--field", #"pass:text:{"secure":true}"#],
        ])
        #expect(state["connected"] == true)
        let windows = try #require(state["windows"]?.arrayValue)
        #expect(windows.map { $0["title"] } == ["Login", "When"], "top first")
        #expect(state["key"] == windows[0]["window"])
        #expect(
            windows[1]["shape"] == "date" && windows[1]["message"] == "Pick a day"
                && windows[1]["value"] == "2026-03-10")
        #expect(windows[1]["options"]?["mode"] == "date" && windows[1]["secure"] == false)
        #expect(
            windows[0]["shape"] == "form" && windows[0]["secure"] == true,
            "a form with a secure field is never sent live")
        #expect(windows[0]["options"]?["fields"]?.arrayValue?.map { $0["shape"] } == ["text", "text"])
    }

    /// Each form field, at any depth, says the built-in kind it is drawn as:
    /// a preset field its base, so the page never works it out itself.
    @Test func eachFormFieldCarriesTheShapeItIsDrawnAs() async throws {
        let routes = try PageRoutes(
            daemon: try DaemonProcess.withPresets([
                "release-day": #"{"kind": "release-day", "base": "date", "defaults": {"initial": "2026-12-04"}}"#,
                "region": #"{"kind": "region", "base": "list", "options": {"choices": ["eu", "us"]}}"#,
                "group":
                    #"{"kind": "group", "base": "form", "defaults": {"fields": [{"name": "note", "kind": "text"}]}}"#,
            ]))
        let fields = #"""
            {"fields": [{"name": "day", "kind": "release-day"}, {"name": "where", "kind": "region"},
             {"name": "more", "kind": "group", "options": {"fields": [{"name": "also", "kind": "release-day"}, {"name": "ok", "kind": "actions",
              "options": {"actions": [{"label": "Yes"}]}}]}}]}
            """#
        #expect(
            try await routes.pickerctl(["present", "form", "--title", "Roll out", "--options", fields, "--no-wait"])
                .status == 0)
        let state = try await routes.test { page in try await page.connectedState(cookie: try await page.signIn()) }
        let window = try #require(state["windows"]?.arrayValue?.first)
        #expect(window["shape"] == "form")
        let drawn = try #require(window["options"]?["fields"]?.arrayValue)
        #expect(drawn.map { $0["shape"] } == ["date", "list", "form"], "\(drawn)")
        #expect(drawn.map { $0["kind"] } == ["release-day", "region", "group"], "the kind is kept")
        #expect(drawn[0]["options"]?["initial"] == "2026-12-04" && drawn[1]["options"]?["choices"] == ["eu", "us"])
        let inner = try #require(drawn[2]["options"]?["fields"]?.arrayValue)
        #expect(inner.map { $0["shape"] } == ["date", "actions"], "\(inner)")
    }

    @Test func anUpdateFromThePageIsLiveAndAnAnswerReachesTheAsker() async throws {
        let asking = try routes.ask(["custom", "--title", "Target", "--column", "prod,staging", "--column", "us,eu"])
        try await routes.waitForWindows(1)
        let routes = routes
        try await routes.test { page in
            let (cookie, window) = try await page.signInToKeyWindow()
            let updated = try await page.api(
                .post, "/api/windows/\(window)/update", cookie: cookie, body: #"{"value": ["staging", "eu"]}"#)
            #expect(updated.status == 200)
            let shown = try await routes.pickerctl(["get", window, "--json"])
            #expect(try JSON.parse(shown.stdout)["value"] == ["staging", "eu"])
            let submitted = try await page.api(
                .post, "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": ["prod", "us"]}"#)
            #expect(submitted.status == 200)
            #expect(try submitted.json["outcome"]?["reason"] == "submitted")
        }
        #expect(try await asking.finished().stdout == "prod\tus\n")
    }

    @Test func anUpdateFromTheTerminalShowsInTheState() async throws {
        let window = try await routes.pickerctl(["text", "--title", "Note", "--no-wait"]).stdout.trimmingCharacters(
            in: .newlines)
        #expect(try await routes.pickerctl(["update", "--window", window, "written elsewhere"]).status == 0)
        #expect(try await state()["windows"]?.arrayValue?.first?["value"] == "written elsewhere")
    }

    @Test func aRejectionIsTheDaemonsSentenceAndTheWindowStays() async throws {
        let asking = try routes.ask([
            "form", "--title", "Ticket", "--field", #"ticket:text:{"pattern":"[A-Z]+-[0-9]+"}"#,
        ])
        try await routes.waitForWindows(1)
        try await routes.test { page in
            let (cookie, window) = try await page.signInToKeyWindow()
            let rejected = try await page.api(
                .post, "/api/windows/\(window)/submit", cookie: cookie, body: #"{"value": {"ticket": "nope"}}"#)
            #expect(rejected.status == 422)
            let body = try rejected.json
            #expect(
                body["error"]?.stringValue?.contains("does not match") == true && body["field"] == "ticket", "\(body)")
            #expect(asking.isRunning)
            let bad = try await page.api(.post, "/api/windows/\(window)/submit", cookie: cookie, body: "not json")
            #expect(bad.status == 400)
            let noValue = try await page.api(
                .post, "/api/windows/\(window)/submit", cookie: cookie, body: #"{"answer": 1}"#)
            #expect(noValue.status == 400)
            let cancelled = try await page.api(.post, "/api/windows/\(window)/cancel", cookie: cookie)
            #expect(cancelled.status == 200)
            #expect(try await asking.finished().status == 1)
            let gone = try await page.api(.post, "/api/windows/\(window)/cancel", cookie: cookie)
            #expect(gone.status == 404 || gone.status == 409, "\(gone.status) \(gone.body)")
        }
    }

    @Test func raisingAWindowMakesItKey() async throws {
        let first = try await routes.pickerctl(["text", "--title", "First", "--no-wait"]).stdout.trimmingCharacters(
            in: .newlines)
        #expect(try await routes.pickerctl(["text", "--title", "Second", "--no-wait"]).status == 0)
        try await routes.test { page in
            let cookie = try await page.signIn()
            #expect(try await page.connectedState(cookie: cookie)["key"]?.stringValue != first)
            #expect(try await page.api(.post, "/api/windows/\(first)/raise", cookie: cookie).status == 200)
            #expect(try await page.api(.get, "/api/state", cookie: cookie).json["key"]?.stringValue == first)
        }
    }

    /// Quiet hours show in the state with how many windows wait behind them.
    @Test func quietHoursAreInTheState() async throws {
        #expect(try await state(after: [["text", "--title", "Held"]])["quiet"] == nil)
        #expect(try await routes.pickerctl(["quiet", "--below", "alert", "--for", "1h"]).status == 0)
        let state = try await state()
        let quiet = try #require(state["quiet"])
        #expect(quiet["below_name"] == "alert" && quiet["waiting"] == 1 && quiet["until"] != nil, "\(quiet)")
        #expect(state["key"] == .null, "a waiting window is never key")
    }

    /// Without pickerd the state says so, with the reason, and a change is 503.
    @Test func withoutPickerdTheStateSaysWhy() async throws {
        try await PageRoutes().test { page in
            let cookie = try await page.signIn()
            let state = try await page.api(.get, "/api/state", cookie: cookie).json
            #expect(
                state["connected"] == false && state["reason"]?.stringValue != nil && state["windows"] == [], "\(state)"
            )
            #expect(try await page.api(.post, "/api/windows/w1/cancel", cookie: cookie).status == 503)
        }
    }
}
#endif
