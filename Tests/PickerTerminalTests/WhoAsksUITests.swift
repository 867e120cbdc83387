import Foundation
import PickerClient
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// `pickerctl ui` shows who asks under each window's title: the user and
/// the command, and for another user's window that it is another user's,
/// with the uid, so it cannot pass for one of the person's own.
@Suite(.tags(.process, .tmux)) struct WhoAsksUITests {
    @Test func theOwnWindowSaysWhoAsks() throws {
        let frontEnd = try TerminalFrontEnd()
        let asking = try frontEnd.ask(["text", "--title", "Your name"])
        defer { asking.signal(SIGTERM) }
        let user = try #require(String(validatingCString: getpwuid(getuid()).pointee.pw_name))
        let screen = try #require(try frontEnd.ui.waitFor("asked by \(user) via pickerctl"))
        #expect(!screen.contains("another user"))
    }

    @Test func anotherUsersWindowIsMarked() throws {
        let daemon = try OtherUser.reachableDaemon(rules: #"[{"uid": 65534, "allow": ["present"]}]"#)
        let frontEnd = try TerminalFrontEnd(daemon: daemon)
        let present =
            #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"Password for root","level":"alert"}}"#
        guard try OtherUser.request(daemon, present)?["result"] != nil else { return }
        let shown = try frontEnd.ui.waitFor("another user asks: nobody (uid 65534) via socat")
        let now = try frontEnd.ui.screen()
        let screen = try #require(shown, "not shown: \(now)")
        // Clamped for want of `alert`: it shows at statusBar.
        #expect(screen.contains("[statusBar] Password for root"))
        // Under one of the person's own, the list of other windows marks it too.
        let own = try frontEnd.ask(["text", "--title", "Mine", "--level", "alert"])
        defer { own.signal(SIGTERM) }
        let listed = try frontEnd.ui.waitFor("· another user: nobody")
        #expect(listed?.contains("Password for root") == true, "\(listed ?? "")")
    }

    /// The full line under the title and the short mark in the list of other
    /// windows name the user alike: by name, else by uid.
    @Test func theLineAndTheListsMarkNameTheUserAlike() {
        let named = WhoAsks(Peer(uid: 65534, pid: 7, user: "nobody", command: "socat"), personUID: 1000)
        #expect(named?.line == "another user asks: nobody (uid 65534) via socat")
        #expect(named?.anotherUserMark == "another user: nobody")
        let unnamed = WhoAsks(Peer(uid: 4242, pid: 7), personUID: 1000)
        #expect(unnamed?.line == "another user asks: uid 4242")
        #expect(unnamed?.anotherUserMark == "another user: uid 4242")
        let own = WhoAsks(Peer(uid: 1000, pid: 7, user: "ada", command: "pickerctl"), personUID: 1000)
        #expect(own?.line == "asked by ada via pickerctl")
        #expect(own?.anotherUserMark == nil)
    }
}
