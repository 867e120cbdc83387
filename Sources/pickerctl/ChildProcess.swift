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

    private static func wait(for pid: pid_t, then ended: @escaping @Sendable (Int32) -> Void) {
        POSIX.startThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let exited = status & 0x7F == 0
            ended(exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
        }
    }

    /// The full path of `name` on PATH, if it is there.
    static func find(_ name: String) -> String? {
        let path = POSIX.environment()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
