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
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], nil, nil, &argv, &envp)
        guard status == 0 else { return failed(POSIX.message(for: status)) }
        wait(for: pid, then: ended)
    }

    private static func wait(for pid: pid_t, then ended: @escaping @Sendable (Int32) -> Void) {
        final class Waiting: Sendable {
            let pid: pid_t
            let ended: @Sendable (Int32) -> Void
            init(_ pid: pid_t, _ ended: @escaping @Sendable (Int32) -> Void) { (self.pid, self.ended) = (pid, ended) }
        }
        let context = Unmanaged.passRetained(Waiting(pid, ended)).toOpaque()
        var thread = pthread_t()
        pthread_create(&thread, nil, { context in
            let waiting = Unmanaged<Waiting>.fromOpaque(context!).takeRetainedValue()
            var status: Int32 = 0
            while waitpid(waiting.pid, &status, 0) < 0 && errno == EINTR {}
            let exited = status & 0x7F == 0
            waiting.ended(exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F))
            return nil
        }, context)
        pthread_detach(thread)
    }

    /// The full path of `name` on PATH, if it is there.
    static func find(_ name: String) -> String? {
        let path = POSIX.environment()["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }
}
