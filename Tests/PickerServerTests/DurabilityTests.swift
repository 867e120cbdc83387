import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Durable state: the real daemon killed with SIGKILL and started again on the
/// same state directory.
@Suite(.tags(.process)) struct DurabilityTests {
    @Test func sixtyWindowsComeBackInOrderWithTheirOutcomes() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let levels: [JSON] = ["normal", "statusBar", "alert"]
        var ids: [JSON] = []
        for index in 0..<60 {
            let params: JSON = [
                "kind": index % 2 == 0 ? "text" : "custom", "title": .string("window \(index)"),
                "level": levels[index % 3],
                "tag": .string("t\(index)"), "message": "why",
                "options": index % 2 == 0 ? ["max_length": 20] : ["columns": [["a", "b"], ["c", "d"]]],
            ]
            ids.append(try client.result("present", params)["window"]!)
        }
        _ = try client.result("lower", ["window": ids[59]])
        _ = try client.result("raise", ["window": ids[0]])
        _ = try client.result("hide", ["window": ids[3]])
        _ = try client.result("set_level", ["window": ids[4], "level": 500])
        _ = try client.result("update", ["window": ids[6], "value": "draft"])
        var submitted: [JSON: JSON] = [:]
        for index in stride(from: 10, to: 60, by: 2) {
            let value: JSON = .string("value \(index)")
            _ = try client.result("submit", ["window": ids[index], "value": value])
            submitted[ids[index]] = value
        }
        #expect(submitted.count == 25)
        let before = try client.result("list")
        let detailsBefore = try client.result("get", ["window": ids[6]])
        daemon.kill9()

        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        let after = try client.result("list")
        #expect(after == before, "the same windows, order, levels, hidden flags, tags and key")
        #expect(after["windows"]?.arrayValue?.count == 35)
        #expect(try client.result("get", ["window": ids[6]]) == detailsBefore, "options, value, owner and times too")
        for (window, value) in submitted {
            let outcome = try client.result("wait", ["window": window])
            #expect(outcome["reason"] == "submitted" && outcome["value"] == value)
        }
        // After a crash, past the block of numbers the store had reserved.
        let next = try client.result("present", ["kind": "text"])["window"]!.stringValue!
        #expect(WindowID(next).number == 1002, "ids go on past the block reserved at the first present")
        #expect(daemon.log.contains("restored 35 windows and 25 outcomes"))
    }

    @Test func aDeadlineThatPassedWhileDownFiresAtStart() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "date", "timeout_ms": 1500, "default": "2026-01-02"])[
            "window"]!
        let passed = Timestamp.now().adding(milliseconds: 1500)  // no earlier than the daemon's deadline
        let later = try client.result("present", ["kind": "text", "timeout_ms": 60_000])["window"]!
        daemon.kill9()
        try eventually("the clock to pass the deadline") { Timestamp.now() > passed }
        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        let outcome = try client.result("wait", ["window": window, "timeout_ms": 5000])
        #expect(outcome["reason"] == "timeout" && outcome["value"] == "2026-01-02")
        #expect(try client.result("get", ["window": later])["deadline"] != nil, "a later deadline keeps its instant")
    }

    /// Eight connections presenting and submitting as fast as they can, killed
    /// at a random moment after the first 60 presents were answered (however
    /// slow the build, say under a sanitizer): nothing acknowledged is lost.
    /// The store keeps window numbers in blocks (a counter in every commit
    /// cost a page of its log): after a crash past the first block, the next
    /// id still comes after every id handed out before it.
    @Test func idsNeverRepeatAfterACrash() throws {
        let home = try TestDirectory()
        let daemon = try DaemonProcess(logLevel: "notice", home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        var highest: UInt64 = 0
        for batch in 0..<3 {
            client.send(
                .array(
                    (0..<600).map { client.request("present", ["kind": "text"], id: .integer(Int64(batch * 600 + $0))) }
                ))
            for answer in try #require(try client.readMessage(timeout: 60)?.arrayValue) {
                highest = max(highest, answer["result"]?["window"]?.stringValue.flatMap { WindowID($0).number } ?? 0)
            }
        }
        #expect(highest >= 1800)
        daemon.kill9()
        try eventually("the killed daemon to be reaped") { !daemon.isRunning }
        let restarted = try DaemonProcess(logLevel: "notice", home: home)
        let again = try TestClient(socketPath: restarted.socketPath)
        #expect(try again.result("status")["windows"]?["visible"] == 1800)
        let next = try again.result("present", ["kind": "text"])["window"]?.stringValue.flatMap { WindowID($0).number }
        #expect(next.map { $0 > highest } == true, "w\(next ?? 0) after w\(highest)")
    }

    @Test func nothingAcknowledgedIsLostUnderLoad() throws {
        for round in 0..<3 {
            let home = try TestDirectory()
            let daemon = try DaemonProcess(logLevel: "notice", home: home)
            let socket = daemon.socketPath
            let presented = Locked<[String]>([])
            let submitted = Locked<[String: String]>([:])
            // Killed at a random point of the load, counted in acknowledged
            // presents rather than time: each round cuts at another place.
            let killAt = Int.random(in: 60...600)
            let killer = Thread {
                _ = holdsWithin(60) { presented.withLock { $0.count } >= killAt }
                daemon.kill9()
            }
            killer.start()
            DispatchQueue.concurrentPerform(iterations: 8) { worker in
                guard let client = try? TestClient(socketPath: socket) else { return }
                var count = 0
                while true {
                    guard case .success(let summary)? = try? client.call("present", ["kind": "text"], timeout: 5),
                        let id = summary["window"]?.stringValue
                    else { return }
                    presented.withLock { $0.append(id) }
                    count += 1
                    guard count % 2 == 0 else { continue }
                    let value = "w\(worker)-\(count)"
                    guard
                        case .success? = try? client.call(
                            "submit", ["window": .string(id), "value": .string(value)], timeout: 5)
                    else { return }
                    submitted.withLock { $0[id] = value }
                }
            }
            try eventually("the killed daemon to be reaped") { !daemon.isRunning }
            let restarted = try DaemonProcess(logLevel: "notice", home: home)
            let client = try TestClient(socketPath: restarted.socketPath)
            let acknowledged = presented.withLock { $0 }
            let answers = submitted.withLock { $0 }
            #expect(acknowledged.count > 50, "round \(round): only \(acknowledged.count) presents before the kill")
            var lost: [String] = []
            for id in acknowledged {
                switch try client.call("wait", ["window": JSON.string(id), "timeout_ms": 1]) {
                case .success(let outcome):
                    if let value = answers[id], outcome["value"] != .string(value) { lost.append("\(id) submit") }
                case .failure(let error) where error.code == .waitTimedOut:
                    if answers[id] != nil { lost.append("\(id) submit (still open)") }
                case .failure(let error):
                    lost.append("\(id): \(error.message)")
                }
            }
            #expect(lost.isEmpty, "round \(round): lost \(lost.prefix(10))")
            let next = try client.result("present", ["kind": "text"])["window"]?.stringValue.flatMap {
                WindowID($0).number
            }
            let highest = acknowledged.compactMap { WindowID($0).number }.max() ?? 0
            #expect(next.map { $0 > highest } == true, "round \(round): w\(next ?? 0) after w\(highest)")
            print(
                "round \(round): \(acknowledged.count) acknowledged presents and \(answers.count) submits all survived SIGKILL"
            )
        }
    }

    @Test func secureValuesNeverReachTheStateDirectoryOrTheLog() throws {
        let secret = "hunter2-\(UUID().uuidString.prefix(8))"
        let home = try TestDirectory()
        var daemon = try DaemonProcess(logLevel: "trace", home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "text", "options": ["secure": true]])["window"]!
        _ = try client.result("update", ["window": window, "value": .string(secret)])
        let open = try client.result("present", ["kind": "text", "options": ["secure": true]])["window"]!
        _ = try client.result("update", ["window": open, "value": .string(secret)])
        let form = try client.result(
            "present",
            [
                "kind": "form",
                "options": [
                    "fields": [
                        ["name": "user", "kind": "text"], ["name": "pin", "kind": "text", "options": ["secure": true]],
                    ]
                ],
            ]
        )["window"]!
        _ = try client.result("submit", ["window": form, "value": ["user": "ada", "pin": .string(secret)]])
        _ = try client.result("submit", ["window": window, "value": .string(secret)])
        daemon.kill9()
        let firstLog = daemon.log
        daemon = try DaemonProcess(logLevel: "trace", home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        let reopened = try client.result("get", ["window": open])
        #expect(reopened["state"] == "visible" && reopened["value"] == nil, "still open, and empty")
        #expect(try client.result("wait", ["window": form])["value"] == ["user": "ada"])
        daemon.stop()
        var searched = 0
        for file in try FileManager.default.subpathsOfDirectory(atPath: home.url.path) {
            let path = home.url.appendingPathComponent(file).path
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            searched += data.count
            #expect(data.range(of: Data(secret.utf8)) == nil, "\(file) holds the secret")
        }
        #expect(searched > 4096, "the state files were there to search")
        #expect(!firstLog.contains(secret) && !daemon.log.contains(secret))
    }

    @Test func aCorruptOrNewerDatabaseIsRefusedNotWiped() throws {
        let home = try TestDirectory()
        let state = home.url.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let database = state.appendingPathComponent("state.db")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: database)
        let socket = home.url.appendingPathComponent("pickerd.sock").path
        let corrupt = try CommandLineProcess.run("pickerd", ["--socket", socket, "--state-dir", state.path])
        #expect(corrupt.status != 0)
        #expect(corrupt.stderr.contains("the state database \(database.path) is not a readable SQLite database"))
        #expect(corrupt.stderr.contains("move it aside to start with no state, or restore it from a backup"))
        #expect(try Data(contentsOf: database) == garbage, "the file is left alone")

        try FileManager.default.removeItem(at: database)
        let newerSchema = "c.execute('PRAGMA user_version = 99'); c.execute('CREATE TABLE x (y)')"
        guard try editStateDatabase(database.path, newerSchema, skipping: "the newer-schema half") else { return }
        let newer = try CommandLineProcess.run("pickerd", ["--socket", socket, "--state-dir", state.path])
        #expect(newer.status != 0)
        #expect(newer.stderr.contains("has schema version 99, newer than this pickerd knows (8)"))
    }

    /// A database as pickerd left it before windows were kept in their id's
    /// order (schema 4: a rowid table and an index of ids, and outcomes with
    /// AUTOINCREMENT) is migrated, its windows, outcomes and ids kept.
    @Test func aSchema4DatabaseKeepsItsWindowsWhenMigrated() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let windows = try (0..<3).map { index in
            try client.result("present", ["kind": "text", "title": .string("window \(index)")])["window"]!
        }
        _ = try client.result("submit", ["window": windows[1], "value": "kept"])
        let before = try client.result("list")
        #expect(daemon.stop() == 0)
        let database = home.url.appendingPathComponent("state/state.db").path
        // Schema 4: before outcomes kept their window's kind and title (5) and before this (6).
        let schema4 = """
            c.executescript('''
            CREATE TABLE old_windows (
                id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, message TEXT,
                level INTEGER NOT NULL, position INTEGER NOT NULL, hidden INTEGER NOT NULL,
                options TEXT NOT NULL, value TEXT, default_value TEXT, tag TEXT,
                owner_uid INTEGER NOT NULL, owner_pid INTEGER NOT NULL, on_disconnect TEXT NOT NULL,
                created_at INTEGER NOT NULL, deadline INTEGER, owner_user TEXT, owner_command TEXT, clamped_from INTEGER);
            INSERT INTO old_windows SELECT * FROM windows;
            DROP TABLE windows;
            ALTER TABLE old_windows RENAME TO windows;
            CREATE TABLE old_outcomes (
                sequence INTEGER PRIMARY KEY AUTOINCREMENT, window TEXT NOT NULL UNIQUE, reason TEXT NOT NULL,
                value TEXT, by_uid INTEGER, by_pid INTEGER, at INTEGER NOT NULL, owner_uid INTEGER, owner_pid INTEGER);
            INSERT INTO old_outcomes SELECT sequence, window, reason, value, by_uid, by_pid, at, owner_uid, owner_pid FROM outcomes;
            DROP TABLE outcomes;
            ALTER TABLE old_outcomes RENAME TO outcomes;
            CREATE INDEX outcomes_by_time ON outcomes (at);
            PRAGMA user_version = 4;
            ''')
            """
        guard try editStateDatabase(database, schema4, skipping: "the test") else { return }

        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("list") == before, "the same windows, in the same order")
        #expect(try client.result("wait", ["window": windows[1]])["value"] == "kept")
        let next = try client.result("present", ["kind": "text"])["window"]!
        #expect(!windows.contains(next))
        _ = try client.result("dismiss", ["window": windows[0]])
        #expect(daemon.stop() == 0)
        let tables = try queryStateDatabase(
            database, "SELECT name, sql FROM sqlite_master WHERE name IN ('windows', 'outcomes') ORDER BY name",
            skipping: "the schema check")
        guard let tables else { return }
        #expect(tables.contains("WITHOUT ROWID"), "\(tables)")
        #expect(!tables.contains("AUTOINCREMENT"), "\(tables)")
        #expect(try queryStateDatabase(database, "PRAGMA user_version", skipping: "the version check") == "8\n")

        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        let listed = try client.result("list")["windows"]?.arrayValue?.compactMap { $0["window"] }
        #expect(listed?.count == 2 && listed?.contains(next) == true && listed?.contains(windows[2]) == true)
    }

    @Test func historyComesFromTheStoreAndHonoursRetention() throws {
        for durability in ["durable", "memory"] {
            let daemon = try DaemonProcess(config: #"{"state": {"durability": "\#(durability)", "retention_ms": 300}}"#)
            let client = try TestClient(socketPath: daemon.socketPath)
            let window = try client.result("present", ["kind": "text"])["window"]!
            _ = try client.result("submit", ["window": window, "value": "kept"])
            #expect(try client.result("history")["outcomes"]?.arrayValue?.first?["value"] == "kept", "\(durability)")
            try eventually("\(durability): past retention, gone from history") {
                try client.result("history")["outcomes"] == []
            }
            #expect(try client.error("wait", ["window": window]).code == .noSuchWindow, "\(durability): and from wait")
        }
    }

    @Test func sigtermKeepsDurableWindowsAndMemoryKeepsNoFile() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        var client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "text"])["window"]!
        #expect(daemon.stop() == 0)
        #expect(daemon.log.contains("1 windows are kept for the next start"))
        daemon = try DaemonProcess(home: home)
        client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("get", ["window": window])["state"] == "visible")
        // A clean stop gives back the rest of the block of numbers: ids go on where they stopped.
        let next = try client.result("present", ["kind": "text"])["window"]!.stringValue!
        #expect(
            next.hasPrefix("w2-") && next != "w2" + window.stringValue!.drop { $0 != "-" },
            "\(next): numbered on, a token of its own")
        daemon.stop()

        let memoryHome = try TestDirectory()
        let memory = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, home: memoryHome)
        _ = try TestClient(socketPath: memory.socketPath).result("present", ["kind": "text"])
        memory.stop()
        #expect(!FileManager.default.fileExists(atPath: memoryHome.url.appendingPathComponent("state").path))
    }
}

/// A value shared between threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
