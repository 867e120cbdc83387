import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// The in-process tier: the daemon's core on an embedded event loop and a
/// manual clock (`EmbeddedDaemon`), spoken to through `EmbeddedConnection`,
/// so what depends on time happens exactly when the clock says, without
/// sleeping and however slow the build. One file a concern: the protocol
/// (`InProcessProtocolTests`), a connection's clocks (`InProcessConnectionTests`),
/// stacking, waits, secure values and subscriptions; here, windows and their owners.
@Suite struct InProcessTests {
    /// Another connection waits on `window`, its `owner` disconnects, and the
    /// clock moves to just before `milliseconds` from then, where the wait is
    /// still unanswered (`comment` says why), then to it, where it ends with
    /// `owner_gone`.
    func expectOwnerGone(
        of window: WindowSummary, presentedBy owner: EmbeddedConnection, after milliseconds: Int64,
        _ comment: Comment
    ) throws {
        let daemon = owner.daemon
        let watcher = try EmbeddedConnection(daemon)
        let wait = watcher.send(Wait(window: window.window))
        owner.disconnect()
        daemon.advance(milliseconds: milliseconds - 1)
        #expect(try watcher.responses().isEmpty, comment)
        daemon.advance(milliseconds: 1)
        #expect(Outcome(json: try #require(try watcher.responses()[wait]).get())?.reason == .ownerGone)
    }

    /// Found in review: the rights were checked on the key window, then the
    /// model caught up, timed that window out, and answered the next one,
    /// someone else's, which the caller had no right to answer.
    @Test func anOmittedWindowIsTheKeyWindowWhoseRightsWereChecked() throws {
        let daemon = try EmbeddedDaemon(config: #"{"permissions": {"rules": [{"uid": 1000, "allow": ["present"]}]}}"#)
        let other = try EmbeddedConnection(daemon)
        let theirs = try other.presentWindow(Present(kind: "text"))
        let user = try EmbeddedConnection(daemon, uid: 1000)
        let own = try user.presentWindow(Present(kind: "text", timeoutMilliseconds: 1000))
        #expect(own.isKey)
        // The model's clock passes the deadline; the loop has not woken it yet.
        daemon.clock.advance(milliseconds: 1000)
        let submit = user.send(Submit(value: "mine?"))
        let answer = try #require(try user.responses()[submit])
        #expect(answer.failure?.code == .permissionDenied, "\(answer)")
        #expect(try other.call(Get(window: theirs.window)).summary.state == .visible, "their window is untouched")
    }

    @Test func aKeptWindowEndsWhenItsOwnersGracePeriodDoes() throws {
        let daemon = try EmbeddedDaemon(config: #"{"windows": {"owner_grace_ms": 300000}}"#)
        let owner = try EmbeddedConnection(daemon)
        let window = try owner.presentWindow(Present(kind: "text"))
        try expectOwnerGone(
            of: window, presentedBy: owner, after: 300_000, "kept for the five minutes of its grace period")
    }

    @Test func onDisconnectDismissEndsTheWindowWhenItsAskerDoesNotComeBack() throws {
        let daemon = try EmbeddedDaemon()
        let owner = try EmbeddedConnection(daemon)
        let gone = try owner.presentWindow(Present(kind: "text", onDisconnect: .dismiss))
        let kept = try owner.presentWindow(Present(kind: "text"))
        try expectOwnerGone(
            of: gone, presentedBy: owner, after: 5000, "reattach_ms (5 s) for the asker to come back")
        let watcher = try EmbeddedConnection(daemon)
        #expect(
            try watcher.call(Get(window: kept.window)).summary.state == .visible, "keep, with no grace period, keeps it"
        )
        #expect(daemon.invariantViolation() == nil)
    }

    @Test func anAskerThatComesBackAdoptsItsWindow() throws {
        let daemon = try EmbeddedDaemon(
            config:
                #"{"permissions": {"rules": [{"uid": 1000, "allow": ["present"]}, {"uid": 1001, "allow": ["observe"]}]}}"#
        )
        let asker = try EmbeddedConnection(daemon, uid: 1000)
        let window = try asker.presentWindow(Present(kind: "text", onDisconnect: .dismiss))
        let other = try asker.presentWindow(Present(kind: "text", onDisconnect: .dismiss))
        daemon.disconnect(asker.number)
        daemon.advance(milliseconds: 4000)
        let stranger = try EmbeddedConnection(daemon, uid: 1001)
        let strangersWait = stranger.send(Wait(window: other.window))
        let back = try EmbeddedConnection(daemon, uid: 1000)
        let wait = back.send(Wait(window: window.window))
        daemon.advance(milliseconds: 1000)
        let strangers = Outcome(json: try #require(try stranger.responses()[strangersWait]).get())
        #expect(strangers?.reason == .ownerGone, "another user's wait adopts nothing")
        daemon.advance(milliseconds: 60_000)
        #expect(try back.responses().isEmpty, "adopted: it no longer ends for its asker's absence")
        let answerer = try EmbeddedConnection(daemon)
        _ = try answerer.call(Submit(window: window.window, value: "42"))
        let outcome = Outcome(json: try #require(try back.responses()[wait]).get())
        #expect(outcome?.reason == .submitted && outcome?.value == "42")
    }
}
