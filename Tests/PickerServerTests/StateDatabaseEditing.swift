import Foundation
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
