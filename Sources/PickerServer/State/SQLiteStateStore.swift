import PickerCore
import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `state.durability: durable`: windows, outcomes, id counters and quiet
/// hours in SQLite (WAL).
///
/// Every change is committed in one transaction per event-loop turn, before the
/// answers that acknowledge it are flushed. `synchronous=NORMAL` in WAL mode
/// keeps every committed transaction through a crash or SIGKILL of the daemon;
/// a power cut may lose the last few.
///
/// Secret values never reach the file: windows store their kind's redacted
/// value and default, outcomes their visible value.
final class SQLiteStateStore: StateStore, @unchecked Sendable {
    // @unchecked: created off the loop, then used only by DaemonCore on its one
    // event loop; SQLite itself is opened without its own mutex for that reason.
    static let fileName = "state.db"

    private let database: SQLiteDatabase
    /// The database file pickerd opened, and its write-ahead log once there
    /// is one, to notice when their paths no longer name them.
    private var opened = FileIdentity()
    private var openedLog: FileIdentity?
    /// The window numbers below this are stored as used (`reserveWindowNumbers`).
    private var reservedWindowNumber: UInt64 = 0
    private var retentionMilliseconds: Int64
    /// When expired outcomes were last deleted (`purgeOutcomes`).
    private var purgedAt: Timestamp?

    var keepsWindows: Bool { true }

    func setRetention(milliseconds: Int64) {
        retentionMilliseconds = milliseconds
    }

    /// Opens (or creates) the store in `directory`; refuses a file it cannot
    /// trust instead of starting over.
    init(directory: String, retentionMilliseconds: Int64) throws(StartupError) {
        self.retentionMilliseconds = retentionMilliseconds
        let path = directory + "/" + Self.fileName
        let advice = "move it aside to start with no state, or restore it from a backup"
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            if file == path || lstat(file, &info) == 0 { try StateLocation.preparePrivateFile(file) }
        }
        do {
            database = try SQLiteDatabase(path: path)
            let check = try database.query("PRAGMA quick_check")
            guard check.first?.first?.text == "ok" else {
                throw StartupError(
                    "the state database \(path) is damaged (\(check.first?.first?.text ?? "no answer")); \(advice)")
            }
            opened = FileIdentity(path: path)
            // Exclusive: pickerd is the file's only user, so it takes the lock once
            // (and a second daemon on the same state directory is refused).
            try database.execute("PRAGMA locking_mode=EXCLUSIVE; PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL")
            let version = try database.query("PRAGMA user_version").first?.first?.integer ?? 0
            guard version <= Int64(StateSchema.migrations.count) else {
                throw StartupError(
                    "the state database \(path) has schema version \(version), newer than this pickerd knows (\(StateSchema.migrations.count)); run a newer pickerd or \(advice)"
                )
            }
            for (index, migration) in StateSchema.migrations.enumerated() where Int64(index) >= version {
                try database.execute("BEGIN IMMEDIATE; \(migration) PRAGMA user_version = \(index + 1); COMMIT")
            }
        } catch let error as StartupError {
            throw error
        } catch let error as SQLiteDatabase.Failure {
            if error.isDiskFull {
                throw StartupError(
                    "cannot open the state database \(path): the disk holding it is full; free some space and start pickerd again (the state is kept as it was)"
                )
            }
            if SQLiteDatabase.isCorruption(error.code) {
                throw StartupError(
                    "the state database \(path) is not a readable SQLite database (\(error.message)); \(advice)")
            }
            throw StartupError("cannot open the state database \(path): \(error.message)")
        } catch {
            throw StartupError("cannot open the state database \(path): \(error)")
        }
    }

    // MARK: restoring

    func load() throws(StartupError) -> StoredState {
        // One tokener for every stored value, not one made per `JSON.parse`.
        let parser = JSONParser()
        do {
            var meta: [String: Int64] = [:]
            for row in try database.query("SELECT key, value FROM meta") {
                if let key = row[0].text, let value = row[1].integer { meta[key] = value }
            }
            // Older databases have an id_incarnation too, no longer read: each id has its own token now.
            let counters = ModelCounters(
                nextWindowNumber: UInt64(meta["next_window_number"] ?? 1),
                nextTopPosition: meta["next_top_position"] ?? 1,
                nextBottomPosition: meta["next_bottom_position"] ?? 0)
            reservedWindowNumber = UInt64(meta["next_window_number"] ?? 0)
            let windows = try database.query(
                "SELECT \(StateSchema.windowColumns) FROM windows ORDER BY level, position"
            )
            .compactMap { Self.record($0, parser) }
            let outcomes = try database.query(
                "SELECT \(StateSchema.outcomeColumns) FROM outcomes ORDER BY sequence"
            ).compactMap { Self.outcome($0, parser) }
            let quietHours = try database.query("SELECT below, until FROM quiet_hours").first.flatMap(Self.quietHours)
            return StoredState(windows: windows, outcomes: outcomes, counters: counters, quietHours: quietHours)
        } catch {
            throw StartupError(
                "cannot read the state database \(database.path): \(error); move it aside to start with no state")
        }
    }

    func history(limit: Int, window: WindowID?, now: Timestamp) throws -> [RecordedOutcome]? {
        // Expired rows go at the next commit; until then they are not history.
        let columns = "SELECT \(StateSchema.outcomeColumns) FROM outcomes WHERE at > ?"
        let oldest = SQLiteDatabase.Value.integer(now.milliseconds - retentionMilliseconds)
        let rows =
            if let window {
                try database.query("\(columns) AND window = ?", [oldest, .text(window.rawValue)])
            } else {
                try database.query("\(columns) ORDER BY sequence DESC LIMIT ?", [oldest, .integer(Int64(limit))])
            }
        let parser = JSONParser()
        return rows.compactMap { Self.outcome($0, parser) }
    }

    private static func record(_ row: [SQLiteDatabase.Value], _ parser: JSONParser) -> WindowRecord? {
        guard let id = row[0].text, let kind = row[1].text, let title = row[2].text,
            let levelValue = row[4].integer, let level = Level(Int(levelValue)), let position = row[5].integer,
            let options = row[7].text.flatMap({ try? parser.parse($0) }), let uid = row[11].integer,
            let pid = row[12].integer, let policy = row[13].text.flatMap(DisconnectPolicy.init),
            let created = row[14].integer
        else { return nil }
        return WindowRecord(
            id: WindowID(id), kind: kind, title: title, message: row[3].text, level: level, position: position,
            isHidden: row[6].integer == 1, options: options, value: row[8].text.flatMap { try? parser.parse($0) },
            defaultValue: row[9].text.flatMap { try? parser.parse($0) }, tag: row[10].text,
            owner: Peer(uid: UInt32(uid), pid: Int32(pid), user: row[16].text, command: row[17].text),
            onDisconnect: policy,
            createdAt: Timestamp(milliseconds: created), deadline: row[15].integer.map(Timestamp.init),
            clampedFrom: row[18].integer.flatMap { Level(Int($0)) })
    }

    private static func quietHours(_ row: [SQLiteDatabase.Value]) -> QuietHours? {
        guard let below = row[0].integer.flatMap({ Level(Int($0)) }) else { return nil }
        return QuietHours(below: below, until: row[1].integer.map(Timestamp.init))
    }

    private static func outcome(_ row: [SQLiteDatabase.Value], _ parser: JSONParser) -> RecordedOutcome? {
        guard let window = row[0].text, let reason = row[1].text.flatMap(OutcomeReason.init), let at = row[5].integer
        else { return nil }
        let value = row[2].text.flatMap { try? parser.parse($0) }
        func peer(_ uid: SQLiteDatabase.Value, _ pid: SQLiteDatabase.Value) -> Peer? {
            uid.integer.flatMap { uid in pid.integer.map { Peer(uid: UInt32(uid), pid: Int32($0)) } }
        }
        var by = peer(row[3], row[4])
        by?.user = row[10].text
        by?.command = row[11].text
        by?.client = row[12].text
        by?.remote = row[13].text
        return RecordedOutcome(
            window: WindowID(window), reason: reason, value: value, visibleValue: value, by: by,
            at: Timestamp(milliseconds: at), owner: peer(row[6], row[7]), kind: row[8].text, title: row[9].text)
    }

    // MARK: committing

    func commit(_ changes: [PickerEvent], droppedOutcomes: [WindowID], of model: PickerModel) throws {
        // Prepared once (`query`), not parsed again for every commit (`execute`).
        try database.query("BEGIN IMMEDIATE")
        do {
            for event in changes {
                switch event.kind {
                case .presented, .changed, .reordered, .hidden, .shown:
                    if let window = event.window, let record = model.record(of: window) { try save(record) }
                case .dismissed:
                    if let window = event.window {
                        try database.query("DELETE FROM windows WHERE id = ?", [.text(window.rawValue)])
                    }
                    if let outcome = event.outcome { try save(outcome) }
                case .quietChanged:
                    if case .quietChanged(let quietHours) = event.payload { try save(quietHours) }
                case .key, .resignedKey:
                    break
                }
            }
            let counters = model.persistentCounters
            let reservation = try reserveWindowNumbers(for: counters)
            // After the turn's outcomes are saved: one dropped in the same turn goes too.
            for window in droppedOutcomes {
                try database.query("DELETE FROM outcomes WHERE window = ?", [.text(window.rawValue)])
            }
            let now = model.clock.now()
            let purged = try purgeOutcomes(now: now)
            try database.query("COMMIT")
            if let reservation { reservedWindowNumber = reservation }
            if purged { purgedAt = now }
            // Deleted or replaced under pickerd, the files it wrote are no longer
            // the ones the next start reads. Nothing of this turn is flushed
            // yet, so a loss noticed now is still in time.
            try checkFilesAreStillOurs()
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }

    /// The database and its log (which persists while pickerd holds the
    /// database exclusively) must still be the files opened.
    private func checkFilesAreStillOurs() throws {
        guard FileIdentity(path: database.path) == opened else { throw StateLost(path: database.path) }
        let log = FileIdentity(path: database.path + "-wal")
        if let openedLog {
            guard log == openedLog else { throw StateLost(path: database.path + "-wal") }
        } else if log != FileIdentity() {
            openedLog = log
        }
    }

    private func save(_ record: WindowRecord) throws {
        try database.query(
            """
            INSERT OR REPLACE INTO windows (\(StateSchema.windowColumns))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                .text(record.id.rawValue), .text(record.kind), .text(record.title),
                record.message.map { .text($0) } ?? .null,
                .integer(Int64(record.level.value)), .integer(record.position), .integer(record.isHidden ? 1 : 0),
                .text(record.options.serialized()), record.value.map { .text($0.serialized()) } ?? .null,
                record.defaultValue.map { .text($0.serialized()) } ?? .null, record.tag.map { .text($0) } ?? .null,
                .integer(Int64(record.owner.uid)), .integer(Int64(record.owner.pid)),
                .text(record.onDisconnect.rawValue),
                .integer(record.createdAt.milliseconds), record.deadline.map { .integer($0.milliseconds) } ?? .null,
                record.owner.user.map { .text($0) } ?? .null, record.owner.command.map { .text($0) } ?? .null,
                record.clampedFrom.map { .integer(Int64($0.value)) } ?? .null,
            ])
    }

    /// Quiet hours on (their one row) or off (no row).
    private func save(_ quietHours: QuietHours?) throws {
        guard let quietHours else {
            try database.query("DELETE FROM quiet_hours")
            return
        }
        try database.query(
            "INSERT OR REPLACE INTO quiet_hours (id, below, until) VALUES (1, ?, ?)",
            [.integer(Int64(quietHours.below.value)), quietHours.until.map { .integer($0.milliseconds) } ?? .null])
    }

    /// Stores what everyone may see of the outcome: never a secret value.
    private func save(_ outcome: RecordedOutcome) throws {
        try database.query(
            "INSERT OR REPLACE INTO outcomes (\(StateSchema.outcomeColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(outcome.window.rawValue), .text(outcome.reason.rawValue),
                outcome.visibleValue.map { .text($0.serialized()) } ?? .null,
                outcome.by.map { .integer(Int64($0.uid)) } ?? .null,
                outcome.by.map { .integer(Int64($0.pid)) } ?? .null,
                .integer(outcome.at.milliseconds),
                outcome.owner.map { .integer(Int64($0.uid)) } ?? .null,
                outcome.owner.map { .integer(Int64($0.pid)) } ?? .null,
                outcome.kind.map { .text($0) } ?? .null, outcome.title.map { .text($0) } ?? .null,
                outcome.by?.user.map { .text($0) } ?? .null, outcome.by?.command.map { .text($0) } ?? .null,
                outcome.by?.client.map { .text($0) } ?? .null, outcome.by?.remote.map { .text($0) } ?? .null,
            ])
    }

    /// Ids must never repeat, so the numbers handed out must be stored before
    /// any is acknowledged; storing the counter in every commit cost a page
    /// of the log each time. Instead a block of numbers is stored as used
    /// whenever the model reaches the end of the last one: a start after a
    /// crash goes on past the block, leaving a gap, never a repeat. Positions
    /// go along; their order is rebuilt from the stored windows anyway
    /// (`PickerModel.restore`). The new reservation, once committed; nil when
    /// none was needed.
    private func reserveWindowNumbers(for counters: ModelCounters) throws -> UInt64? {
        guard counters.nextWindowNumber > reservedWindowNumber else { return nil }
        let reservation = counters.nextWindowNumber + Self.windowNumbersReserved
        try save(counters, nextWindowNumber: reservation)
        return reservation
    }

    private func save(_ counters: ModelCounters, nextWindowNumber: UInt64) throws {
        for (key, value) in [
            ("next_window_number", Int64(nextWindowNumber)), ("next_top_position", counters.nextTopPosition),
            ("next_bottom_position", counters.nextBottomPosition),
        ] {
            try database.query("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", [.text(key), .integer(value)])
        }
    }

    /// A clean stop gives back the rest of the block: the next start goes on
    /// with the next number. Should this fail, the block stays, which is safe.
    func stopping(with counters: ModelCounters) {
        do {
            try database.execute("BEGIN IMMEDIATE")
            try save(counters, nextWindowNumber: counters.nextWindowNumber)
            try database.execute("COMMIT")
            reservedWindowNumber = counters.nextWindowNumber
        } catch {
            try? database.execute("ROLLBACK")
        }
    }

    static let windowNumbersReserved: UInt64 = 1000

    /// Walks the time index from its low end, so a commit costs the same with
    /// 10 kept outcomes as with 10,000; at most once a second, since `history`
    /// and the model pass over expired rows anyway. Outcomes dropped for the
    /// counts come from the model (`droppedOutcomes`), which decides them per
    /// user. Whether it ran.
    private func purgeOutcomes(now: Timestamp) throws -> Bool {
        if let purgedAt, now.milliseconds - purgedAt.milliseconds < 1000, now >= purgedAt { return false }
        try database.query("DELETE FROM outcomes WHERE at <= ?", [.integer(now.milliseconds - retentionMilliseconds)])
        return true
    }
}
