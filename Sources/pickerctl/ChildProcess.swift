import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// A command run directly (no shell), waited for on a thread of its own so
/// a slow one holds up nothing.
enum ChildProcess {
    /// Starts `arguments`; `ended` gets its exit status (128+N for a signal),
    /// `failed` the reason it could not start.
    static func spawn(
        _ arguments: [String], environment: [String: String], ended: @escaping @Sendable (Int32) -> Void,
        failed: (String) -> Void
    ) {
        switch POSIX.spawn(arguments, environment: environment) {
        case .success(let pid): wait(for: pid, then: ended)
        case .failure(let failure): failed(failure.reason)
        }
    }

    /// Starts `arguments` with its standard output on a pipe; `ended` gets its
    /// exit status and what it printed (at most 4 KiB). The pid, so that the
    /// caller can signal it; nil when it could not start.
    static func spawnReading(
        _ arguments: [String], environment: [String: String],
        ended: @escaping @Sendable (Int32, [UInt8]) -> Void, failed: (String) -> Void
    ) -> pid_t? {
        var ends: [Int32] = [-1, -1]
        // Close-on-exec at once (pipe2 is not in Swift's Glibc): no other
        // command started meanwhile keeps the write end, which would hold the
        // read open past this child's end.
        guard pipe(&ends) == 0, fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0
        else {
            failed(POSIX.message())
            return nil
        }
        let (reading, writing) = (ends[0], ends[1])
        let started = POSIX.spawn(arguments, environment: environment, output: writing)
        close(writing)
        switch started {
        case .success(let pid):
            POSIX.startThread {
                // Read before waiting, and close at the limit (EPIPE for the rest), so the child never blocks on a full pipe.
                let printed = (try? POSIX.readAll(from: reading, limit: 4096).get()) ?? nil
                close(reading)
                ended(status(of: pid), printed ?? [])
            }
            return pid
        case .failure(let failure):
            close(reading)
            failed(failure.reason)
            return nil
        }
    }

    private static func wait(for pid: pid_t, then ended: @escaping @Sendable (Int32) -> Void) {
        POSIX.startThread { ended(status(of: pid)) }
    }

    /// Waits for `pid`: its exit status, 128+N for a signal.
    private static func status(of pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exited = status & 0x7F == 0
        return exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// The full path of `name` on PATH, if it is there.
    static func find(_ name: String) -> String? {
        let path = POSIX.environment()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
