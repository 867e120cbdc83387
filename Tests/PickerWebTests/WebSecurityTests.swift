#if ROUTER_TESTS  // Package.swift, `routerTests`
import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The web front-end's defences (docs/web.md, "Security") at its routes,
/// in-process: what a web page on another origin or a DNS-rebinding site
/// could send. `WebServerSecurityTests` tries what needs the real server.
@Suite(.tags(.process)) struct WebSecurityTests {
    @Test func theInterfaceNeedsTheTokensSession() async throws {
        try await PageRoutes().test { page in
            #expect(try await page.request(.get, "/api/state").status == 401)
            #expect(try await page.request(.get, "/events").status == 401)
            let forged = try await page.api(.get, "/api/state", cookie: "\(PageRoutes.sessionCookie)=guessed")
            #expect(forged.status == 401)
            // The router ignores empty path parts; the session check must not.
            for path in ["//api/state", "/events/", "//events", "/api//state", "/api/state/"] {
                #expect(try await page.request(.get, path).status == 401, "\(path)")
            }
            let sneaked = try await page.request(
                .post, "//api/windows/w1/cancel", headers: ["X-Picker-CSRF": "1", "Content-Type": "application/json"],
                body: "{}")
            #expect(sneaked.status == 401)
            let wrongToken = try await page.request(
                .post, "/session", headers: ["X-Picker-Token": "guess", "X-Picker-CSRF": "1"])
            #expect(wrongToken.status == 403 && wrongToken.header("Set-Cookie") == nil)
            let cookie = try await page.signIn()
            #expect(try await page.api(.get, "/api/state", cookie: cookie).status == 200)
        }
    }

    @Test func theSessionCookieIsHttpOnlyAndStrict() async throws {
        try await PageRoutes().test { page in
            let response = try await page.request(
                .post, "/session", headers: ["X-Picker-Token": page.token, "X-Picker-CSRF": "1"])
            let cookie = try #require(response.header("Set-Cookie"))
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Path=/"))
            #expect(
                cookie.hasPrefix("\(PageRoutes.sessionCookie)="), "named for its port, so two pickerwebs never clash")
            #expect(!cookie.contains(page.token), "the cookie holds a session secret, not the token")
            // A session without the CSRF header is a change another site could make.
            let noHeader = try await page.request(.post, "/session", headers: ["X-Picker-Token": page.token])
            #expect(noHeader.status == 403 && noHeader.header("Set-Cookie") == nil)
        }
    }

    /// DNS rebinding: a site whose name now points at 127.0.0.1 sends its own
    /// name as Host, on the page, the interface and the event stream alike.
    @Test func aForeignHostIsRefusedEverywhere() async throws {
        try await PageRoutes().test { page in
            let cookie = try await page.signIn()
            for path in ["/", "/app.js", "/api/state", "/events"] {
                let response = try await page.request(
                    .get, path, host: "attacker.example:\(PageRoutes.port)", headers: ["Cookie": cookie])
                #expect(response.status == 421, "\(path): \(response.status)")
            }
            #expect(try await page.request(.get, "/", host: "127.0.0.1").status == 421, "no port")
            #expect(try await page.request(.get, "/", host: nil).status == 421, "no Host")
            #expect(try await page.request(.get, "/", host: "localhost:\(PageRoutes.port)").status == 200)
            #expect(try await page.request(.get, "/", host: "[::1]:\(PageRoutes.port)").status == 200)
            // RFC 9112 §3.2: a second Host is 400, whichever comes first.
            for second in [PageRoutes.ourHost, "attacker.example"] {
                let response = try await page.request(.get, "/api/state", headers: ["Cookie": cookie, "Host": second])
                #expect(response.status == 400, "\(second): \(response.status)")
            }
        }
    }

    @Test func aChangeNeedsTheCSRFHeaderAndOurOrigin() async throws {
        let routes = try PageRoutes(daemon: try DaemonProcess())
        let asking = try routes.ask(["text", "--title", "Name"])
        try await routes.waitForWindows(1)
        try await routes.test { page in
            let (cookie, window) = try await page.signInToKeyWindow()
            let body = #"{"value": "forged"}"#
            // What a form on another site can send: the cookie (were it not
            // SameSite), a simple content type, no custom header.
            let noHeader = try await page.request(
                .post, "/api/windows/\(window)/submit", headers: ["Cookie": cookie, "Content-Type": "text/plain"],
                body: body)
            #expect(noHeader.status == 403)
            let foreignOrigin = try await page.request(
                .post, "/api/windows/\(window)/submit",
                headers: [
                    "Cookie": cookie, "Content-Type": "application/json", "X-Picker-CSRF": "1",
                    "Origin": "http://attacker.example",
                ],
                body: body)
            #expect(foreignOrigin.status == 403)
            let plainText = try await page.request(
                .post, "/api/windows/\(window)/submit",
                headers: ["Cookie": cookie, "Content-Type": "text/plain", "X-Picker-CSRF": "1"],
                body: body)
            #expect(plainText.status == 415)
            #expect(asking.isRunning, "nothing was answered")
            let ours = try await page.request(
                .post, "/api/windows/\(window)/submit",
                headers: [
                    "Cookie": cookie, "Content-Type": "application/json", "X-Picker-CSRF": "1",
                    "Origin": "http://\(PageRoutes.ourHost)",
                ],
                body: #"{"value": "Ada"}"#)
            #expect(ours.status == 200)
        }
        #expect(try await asking.finished().stdout == "Ada\n")
    }

    @Test func everyResponseCarriesTheSecurityHeadersAndNoCORS() async throws {
        try await PageRoutes().test { page in
            let cookie = try await page.signIn()
            let responses = [
                try await page.request(.get, "/"),
                try await page.request(.get, "/api/state"),
                try await page.api(.get, "/api/state", cookie: cookie),
                try await page.request(.get, "/", host: "attacker.example"),
                try await page.request(
                    .options, "/api/windows/w1/submit",
                    headers: ["Origin": "http://attacker.example", "Access-Control-Request-Method": "POST"]),
            ]
            for response in responses {
                #expect(
                    response.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; frame-ancestors 'none'")
                        == true)
                #expect(response.header("X-Content-Type-Options") == "nosniff")
                #expect(response.header("Referrer-Policy") == "no-referrer")
                #expect(response.header("Cache-Control") == "no-store")
                #expect(response.header("Access-Control-Allow-Origin") == nil)
            }
        }
    }
}
#endif
