#if ROUTER_TESTS  // Package.swift, `routerTests`
import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The page's state says who asks for each window, as `WhoAsks` words it,
/// and marks another user's window (the page draws it in red).
@Suite(.tags(.process)) struct WebWhoAsksTests {
    @Test func anotherUsersWindowIsMarkedInTheState() async throws {
        let daemon = try OtherUser.reachableDaemon(rules: #"[{"uid": 65534, "allow": ["present"]}]"#)
        let present =
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"Password for root"}}"#
        guard try OtherUser.request(daemon, present)?["result"] != nil else { return }
        let routes = try PageRoutes(daemon: daemon)
        let own = try routes.ask(["text", "--title", "Mine"])
        defer { own.signal(SIGTERM) }
        try await routes.waitForWindows(2)
        let state = try await routes.test { page in try await page.connectedState(cookie: try await page.signIn()) }
        let windows = state["windows"]?.arrayValue ?? []
        let theirs = try #require(windows.first { $0["title"] == "Password for root" })
        #expect(theirs["asker"] == ["text": "another user asks: nobody (uid 65534) via socat", "another_user": true])
        let mine = try #require(windows.first { $0["title"] == "Mine" })
        #expect(mine["asker"]?["another_user"] == false)
        #expect(mine["asker"]?["text"]?.stringValue?.hasSuffix(" via pickerctl") == true)
    }
}
#endif
