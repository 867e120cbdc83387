import CSQLite

#if canImport(Glibc)
import Glibc
#endif

/// A thin, single-threaded wrapper of the SQLite C API: statements, steps and
/// errors that say what happened.
final class SQLiteDatabase {
    struct Failure: Error, CustomStringConvertible {
        var code: Int32
        var message: String
        /// The errno of the system call that failed, if one did (ENOSPC, EIO).
        var systemErrno: Int32 = 0
        var description: String { message }

        /// The disk is full: SQLite says so, or a write failed with ENOSPC
        /// (which it reports as an I/O error when recovering the journal).
        var isDiskFull: Bool { code & 0xFF == SQLITE_FULL || systemErrno == ENOSPC }
    }

    let path: String
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]

    init(path: String) throws(Failure) {
        self.path = path
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let result = sqlite3_open_v2(path, &handle, flags, nil)
        guard result == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            let systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close(handle)
            handle = nil
            throw Failure(code: result, message: message, systemErrno: systemErrno)
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    /// Runs SQL without results (several statements allowed).
    func execute(_ sql: String) throws(Failure) {
        var error: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &error)
        guard result == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(result))
            sqlite3_free(error)
            throw Failure(code: result, message: message, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs one statement with `bindings` and returns each row's columns.
    @discardableResult
    func query(_ sql: String, _ bindings: [Value] = []) throws(Failure) -> [[Value]] {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        sqlite3_clear_bindings(statement)
        for (index, value) in bindings.enumerated() {
            let position = Int32(index + 1)
            switch value {
            case .null: sqlite3_bind_null(statement, position)
            case .integer(let integer): sqlite3_bind_int64(statement, position, integer)
            case .text(let text):
                // With its length, not -1: a NUL inside the text is kept, not the end.
                var text = text
                text.withUTF8 { bytes in
                    bytes.withMemoryRebound(to: CChar.self) { chars in
                        if let start = chars.baseAddress {
                            _ = sqlite3_bind_text(
                                statement, position, start, Int32(chars.count), picker_sqlite_transient())
                        } else {
                            _ = sqlite3_bind_text(statement, position, "", 0, picker_sqlite_transient())
                        }
                    }
                }
            }
        }
        var rows: [[Value]] = []
        while true {
            let result = sqlite3_step(statement)
            if result == SQLITE_DONE { return rows }
            guard result == SQLITE_ROW else { throw failure(result) }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    switch sqlite3_column_type(statement, column) {
                    case SQLITE_NULL: return .null
                    case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
                    default:
                        let bytes = UnsafeRawBufferPointer(
                            start: sqlite3_column_text(statement, column),
                            count: Int(sqlite3_column_bytes(statement, column)))
                        return .text(String(decoding: bytes, as: UTF8.self))
                    }
                })
        }
    }

    enum Value: Equatable {
        case null
        case integer(Int64)
        case text(String)

        var integer: Int64? {
            if case .integer(let value) = self { return value }
            return nil
        }

        var text: String? {
            if case .text(let value) = self { return value }
            return nil
        }
    }

    private func prepared(_ sql: String) throws(Failure) -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else { throw failure(result) }
        statements[sql] = statement
        return statement
    }

    private func failure(_ result: Int32) -> Failure {
        Failure(
            code: result, message: String(cString: sqlite3_errmsg(handle)), systemErrno: sqlite3_system_errno(handle))
    }

    static func isCorruption(_ code: Int32) -> Bool {
        let primary = code & 0xFF
        return primary == SQLITE_CORRUPT || primary == SQLITE_NOTADB
    }
}
