import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerSystem
import PickerTestSupport
import Testing

/// `history` says who answered each window (issue 35): the uid and pid, the
/// user's and the process's names, and the front-end, as the answering
/// connection named itself in `hello`; kept in the state database through a
/// restart, and read from a database of before (schema 6) without them. The
/// real daemon on a state directory of its own, and the real pickerctl.
@Suite(.tags(.process)) struct HistoryAnswererTests {
    @Test func historyRecordsWhoAnsweredAndThroughWhatThroughARestart() throws {
        let home = try TestDirectory()
        var (daemon, asker) = try startDaemon(home: home)
        let user = try #require(ProcessNames.userName(getuid()))
        let byHand = try asker.result("present", ["kind": "text", "title": "By hand"])["window"]!
        let answerer = try TestClient(socketPath: daemon.socketPath)
        // A hostile name: a terminal escape and a bidi override, shown as marks.
        _ = try answerer.result("hello", ["client": "phone \u{1b}]0;owned\u{07} \u{202e}web"])
        _ = try answerer.result("submit", ["window": byHand, "value": "yes"])
        let scripted = try asker.result("present", ["kind": "text", "title": "By script"])["window"]!
        let submit = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "submit", "--window", scripted.stringValue!, "scripted"])
        #expect(submit.status == 0, "\(submit.stderr)")
        let cancelled = try asker.result("present", ["kind": "text", "title": "Cancelled"])["window"]!
        let cancel = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "cancel", cancelled.stringValue!])
        #expect(cancel.status == 0, "\(cancel.stderr)")
        let timedOut = try asker.result("present", ["kind": "text", "title": "Late", "timeout_ms": 1])["window"]!
        try eventually("the timeout") {
            try asker.result("history", ["window": timedOut])["outcomes"]?.arrayValue?.count == 1
        }

        for round in ["before", "after a SIGKILL and a restart"] {
            func by(_ window: JSON) throws -> JSON? {
                try asker.result("history", ["window": window])["outcomes"]?.arrayValue?.first?["by"]
            }
            let hand = try by(byHand)
            #expect(
                hand?["uid"] == .integer(Int64(getuid())) && hand?["user"] == .string(user),
                "\(round): \(String(describing: hand))")
            #expect(hand?["client"] == "phone ?]0;owned? ?web", "\(round): control and bidi characters as ?")
            #expect(hand?["command"] != nil, "\(round): the answering process's name")
            #expect(try by(scripted)?["client"] == "pickerctl submit", "\(round)")
            #expect(try by(scripted)?["command"] == "pickerctl", "\(round)")
            #expect(try by(cancelled)?["client"] == "pickerctl cancel", "\(round)")
            #expect(try by(timedOut) == nil, "\(round): nobody answered a timeout")
            daemon.kill9()
            (daemon, asker) = try startDaemon(home: home)
        }
    }

    /// An outcome kept before answerers' names were (schema 6) comes back
    /// with its uid and pid only; outcomes from then on have them all.
    @Test func aDatabaseFromBeforeIsMigrated() throws {
        var new = JSON.null
        let columns = ["by_user", "by_command", "by_client", "by_remote"]
        guard
            let (old, outcomes) = try historyAfterMigrating(
                from: 6, droppingOutcomeColumns: columns,
                then: { client in
                    _ = try client.result("hello", ["client": "migration test"])
                    new = try client.result("present", ["kind": "text", "title": "New"])["window"]!
                    _ = try client.result("submit", ["window": new, "value": "y"])
                })
        else { return }
        #expect(outcomes.count == 2)
        #expect(outcomes[0]["window"] == new && outcomes[0]["by"]?["client"] == "migration test")
        let before = outcomes[1]["by"]?.objectValue
        #expect(outcomes[1]["window"] == old && before?.keys.sorted() == ["pid", "uid"], "kept as it was")
        #expect(outcomes[1]["value"] == "x")
    }
}
