import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// `history` names each ended window by its kind and title (issue 30), kept
/// in the state database through a restart, and from a database of before
/// (schema 4) with none; the real daemon on a state directory of its own.
@Suite(.tags(.process)) struct HistoryTitleTests {
    @Test func historyCarriesKindAndTitleThroughARestartButNoSecret() throws {
        let home = try TestDirectory()
        var (daemon, client) = try startDaemon(home: home)
        let asked = try client.result("present", ["kind": "text", "title": "Deploy note"])["window"]!
        _ = try client.result("submit", ["window": asked, "value": "ship it"])
        let secret = try client.result(
            "present", ["kind": "text", "title": "Password for nas", "options": ["secure": true]])["window"]!
        _ = try client.result("submit", ["window": secret, "value": "hunter2"])

        for round in ["before", "after a SIGKILL and a restart"] {
            let outcomes = try #require(try client.result("history")["outcomes"]?.arrayValue, "\(round)")
            #expect(outcomes.count == 2, "\(round)")
            #expect(outcomes[0]["window"] == secret && outcomes[0]["kind"] == "text", "\(round)")
            #expect(outcomes[0]["title"] == "Password for nas" && outcomes[0]["value"] == nil, "\(round)")
            #expect(outcomes[1]["title"] == "Deploy note" && outcomes[1]["value"] == "ship it", "\(round)")
            let one = try client.result("history", ["window": asked])["outcomes"]?.arrayValue?.first
            #expect(one?["kind"] == "text" && one?["title"] == "Deploy note", "\(round)")
            daemon.kill9()
            (daemon, client) = try startDaemon(home: home)
        }
        let database = try Data(contentsOf: home.url.appendingPathComponent("state/state.db"))
        #expect(database.range(of: Data("hunter2".utf8)) == nil, "no secret in the store")
        // Other outcomes, as the wire had them: no kind or title.
        let waited = try client.result("wait", ["window": asked])
        #expect(waited["title"] == nil && waited["kind"] == nil)
    }

    /// An outcome kept before kinds and titles were (schema 4) comes back
    /// without them; outcomes from then on have them.
    @Test func aDatabaseFromBeforeIsMigrated() throws {
        var new = JSON.null
        guard
            let (old, outcomes) = try historyAfterMigrating(
                from: 4, droppingOutcomeColumns: ["kind", "title"],
                then: { client in
                    new = try client.result("present", ["kind": "date", "title": "New"])["window"]!
                    _ = try client.result("submit", ["window": new, "value": "2026-03-04"])
                })
        else { return }
        #expect(outcomes.count == 2)
        #expect(outcomes[0]["window"] == new && outcomes[0]["kind"] == "date" && outcomes[0]["title"] == "New")
        #expect(outcomes[1]["window"] == old && outcomes[1]["kind"] == nil && outcomes[1]["title"] == nil)
        #expect(outcomes[1]["value"] == "x", "kept as it was")
    }
}

/// Who sees an ended window's title in `history`: only a connection with
/// `observe`, which sees every open window's title in `list` too; a user
/// without it is refused, as before titles were kept, even for its own
/// window. Spoken to the embedded daemon.
@Suite struct InProcessHistoryTitleTests {
    static let nobody: UInt32 = 65534

    @Test func aTitleIsSeenOnlyByWhoeverMaySeeTheWindow() throws {
        let daemon = try EmbeddedDaemon(
            config: #"{"permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}}"#)
        let owner = try EmbeddedConnection(daemon)
        let mine = try owner.presentWindow(Present(kind: "text", title: "Root's question")).window
        _ = try owner.call(Submit(window: mine, value: "a"))
        let other = try EmbeddedConnection(daemon, uid: Self.nobody)
        let theirs = try other.presentWindow(Present(kind: "text", title: "Nobody's question")).window
        _ = try other.call(Submit(window: theirs, value: "b"))

        for request in [History(), History(window: mine), History(window: theirs)] {
            let refused = try #require(try other.request(request).failure)
            #expect(refused.code == .permissionDenied && !refused.message.contains("question"), "history needs observe")
        }
        let all = try owner.request(History()).get()["outcomes"]?.arrayValue?.compactMap { $0["title"] }
        #expect(all == ["Nobody's question", "Root's question"], "observe sees every title, as list does")
    }
}
