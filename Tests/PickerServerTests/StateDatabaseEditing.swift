import Foundation
import PickerJSON
import PickerTestSupport

/// Runs `statements` (Python, `c` being the open sqlite3 connection) on the
/// state database at `path` and commits them: how a test makes a database as
/// an older or a newer pickerd left it. False, with a line saying which `part`
/// of the test is skipped, where python3's sqlite3 is not available.
func editStateDatabase(_ path: String, _ statements: String, skipping part: String) throws -> Bool {
    let script = "import sqlite3; c = sqlite3.connect('\(path)'); \(statements); c.commit()"
    let python = try Command.run("/usr/bin/env", ["python3", "-c", script])
    guard python.status == 0 else {
        print("skipped \(part): python3's sqlite3 is not available (\(python.output))")
        return false
    }
    return true
}

/// The same on the state database of a daemon whose home is `home`.
func editStateDatabase(in home: TestDirectory, _ statements: String, skipping part: String) throws -> Bool {
    try editStateDatabase(home.url.appendingPathComponent("state/state.db").path, statements, skipping: part)
}

/// What the state database at `path` answers to `query` (one line per row,
/// columns separated by `|`), or nil with a line saying which `part` of the
/// test is skipped, where python3's sqlite3 is not available.
func queryStateDatabase(_ path: String, _ query: String, skipping part: String) throws -> String? {
    let script =
        "import sqlite3; c = sqlite3.connect('\(path)'); print('\\n'.join('|'.join(str(v) for v in row) for row in c.execute(\"\(query)\")))"
    let python = try Command.run("/usr/bin/env", ["python3", "-c", script])
    guard python.status == 0 else {
        print("skipped \(part): python3's sqlite3 is not available (\(python.output))")
        return nil
    }
    return python.output
}

/// A daemon on the state directory in `home`, and a client of it.
func startDaemon(home: TestDirectory) throws -> (DaemonProcess, TestClient) {
    let daemon = try DaemonProcess(home: home)
    return (daemon, try TestClient(socketPath: daemon.socketPath))
}

/// `history` across a migration: a daemon of its own keeps one outcome (a
/// text "Old" answered "x"), its store is taken back to schema `version` by
/// dropping the outcomes' `columns`, and a restarted daemon migrates it; then
/// `after` answers a window "New" of its own on that daemon. The old window
/// and `history`'s outcomes, newest first; nil where python3's sqlite3 is not available.
func historyAfterMigrating(
    from version: Int, droppingOutcomeColumns columns: [String], then after: (TestClient) throws -> Void
) throws -> (old: JSON, outcomes: [JSON])? {
    let home = try TestDirectory()
    var (daemon, client) = try startDaemon(home: home)
    let old = try client.result("present", ["kind": "text", "title": "Old"])["window"]!
    _ = try client.result("submit", ["window": old, "value": "x"])
    guard daemon.stop() == 0 else { throw TestFailure("the daemon did not stop cleanly") }
    let drop = columns.map { "'\($0)'" }.joined(separator: ", ")
    let statements =
        "[c.execute('ALTER TABLE outcomes DROP COLUMN ' + n) for n in (\(drop),)]; c.execute('PRAGMA user_version = \(version)')"
    guard try editStateDatabase(in: home, statements, skipping: "the test") else { return nil }
    (daemon, client) = try startDaemon(home: home)
    try after(client)
    return (old, try client.result("history")["outcomes"]?.arrayValue ?? [])
}
