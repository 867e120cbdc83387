/// The state database's tables: the migrations that bring a database of
/// any earlier schema to this one, and the column lists the store reads and
/// writes in that order.
enum StateSchema {
    /// Each migration brings the schema from its index to the next version.
    static let migrations = [
        """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
        CREATE TABLE windows (
            id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, message TEXT,
            level INTEGER NOT NULL, position INTEGER NOT NULL, hidden INTEGER NOT NULL,
            options TEXT NOT NULL, value TEXT, default_value TEXT, tag TEXT,
            owner_uid INTEGER NOT NULL, owner_pid INTEGER NOT NULL, on_disconnect TEXT NOT NULL,
            created_at INTEGER NOT NULL, deadline INTEGER
        );
        CREATE TABLE outcomes (
            sequence INTEGER PRIMARY KEY AUTOINCREMENT, window TEXT NOT NULL UNIQUE, reason TEXT NOT NULL,
            value TEXT, by_uid INTEGER, by_pid INTEGER, at INTEGER NOT NULL
        );
        CREATE INDEX outcomes_by_time ON outcomes (at);
        """,
        // Outcomes keep who presented the window, for per-user retention and rights.
        """
        ALTER TABLE outcomes ADD COLUMN owner_uid INTEGER;
        ALTER TABLE outcomes ADD COLUMN owner_pid INTEGER;
        """,
        // Quiet hours: one row while they last, none when they are off.
        """
        CREATE TABLE quiet_hours (id INTEGER PRIMARY KEY CHECK (id = 1), below INTEGER NOT NULL, until INTEGER);
        """,
        // Who asks (the owner's user and command as read at present) and the level a clamped present asked for.
        """
        ALTER TABLE windows ADD COLUMN owner_user TEXT;
        ALTER TABLE windows ADD COLUMN owner_command TEXT;
        ALTER TABLE windows ADD COLUMN clamped_from INTEGER;
        """,
        // Outcomes keep their window's kind and title, for history.
        """
        ALTER TABLE outcomes ADD COLUMN kind TEXT;
        ALTER TABLE outcomes ADD COLUMN title TEXT;
        """,
        // Fewer pages per commit. Windows are kept in their id's order (WITHOUT
        // ROWID): a present or a dismiss writes one b-tree, where the rowid
        // table wrote its rows and the index of ids. Outcomes lose
        // AUTOINCREMENT, which rewrote sqlite_sequence's page at every one: a
        // new row still gets a sequence past every row kept, which is all
        // `history` orders by.
        """
        CREATE TABLE windows_by_id (
            id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, message TEXT,
            level INTEGER NOT NULL, position INTEGER NOT NULL, hidden INTEGER NOT NULL,
            options TEXT NOT NULL, value TEXT, default_value TEXT, tag TEXT,
            owner_uid INTEGER NOT NULL, owner_pid INTEGER NOT NULL, on_disconnect TEXT NOT NULL,
            created_at INTEGER NOT NULL, deadline INTEGER, owner_user TEXT, owner_command TEXT, clamped_from INTEGER
        ) WITHOUT ROWID;
        INSERT INTO windows_by_id SELECT \(windowColumns) FROM windows WHERE id IS NOT NULL;
        DROP TABLE windows;
        ALTER TABLE windows_by_id RENAME TO windows;
        CREATE TABLE outcomes_by_sequence (
            sequence INTEGER PRIMARY KEY, window TEXT NOT NULL UNIQUE, reason TEXT NOT NULL,
            value TEXT, by_uid INTEGER, by_pid INTEGER, at INTEGER NOT NULL, owner_uid INTEGER, owner_pid INTEGER,
            kind TEXT, title TEXT
        );
        INSERT INTO outcomes_by_sequence SELECT sequence, \(outcomeColumnsOfSchema6) FROM outcomes;
        DROP TABLE outcomes;
        ALTER TABLE outcomes_by_sequence RENAME TO outcomes;
        CREATE INDEX outcomes_by_time ON outcomes (at);
        """,
        // Who answered, for the audit trail: the user's and the process's
        // names and the front-end (`hello`'s client); null in rows from before.
        """
        ALTER TABLE outcomes ADD COLUMN by_user TEXT;
        ALTER TABLE outcomes ADD COLUMN by_command TEXT;
        ALTER TABLE outcomes ADD COLUMN by_client TEXT;
        """,
        // The remote host an answer came from (`hello`'s remote); null in rows from before.
        "ALTER TABLE outcomes ADD COLUMN by_remote TEXT;",
    ]

    /// The windows table's columns, in its order since schema 4.
    static let windowColumns = """
        id, kind, title, message, level, position, hidden, options, value, default_value, tag, owner_uid, owner_pid,
        on_disconnect, created_at, deadline, owner_user, owner_command, clamped_from
        """

    /// The outcomes table's columns after its sequence as schema 6 made them
    /// (its migration copies them).
    static let outcomeColumnsOfSchema6 = "window, reason, value, by_uid, by_pid, at, owner_uid, owner_pid, kind, title"
    /// The outcomes table's columns after its sequence, in its order since schema 8.
    static let outcomeColumns = outcomeColumnsOfSchema6 + ", by_user, by_command, by_client, by_remote"
}
