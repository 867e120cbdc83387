#if canImport(Glibc)
import Glibc
#endif

extension POSIX {
    /// Starts `arguments` (searched on PATH) with `environment`, standard
    /// input from /dev/null, every signal's disposition at its default and
    /// none blocked: the threads Swift's concurrency runs on block nearly all
    /// signals, and a child would otherwise inherit that (and ignore Ctrl-C
    /// and kill). `output`, when given, becomes its standard output. The pid,
    /// or errno's sentence.
    public static func spawn(
        _ arguments: [String], environment: [String: String], output: Int32? = nil
    ) -> Result<pid_t, SpawnFailure> {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let output { posix_spawn_file_actions_adddup2(&actions, output, 1) }

        var argv = arguments.map { strdup($0) } + [nil]
        var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let status = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
        return status == 0 ? .success(pid) : .failure(SpawnFailure(reason: message(for: status)))
    }

    /// Unblocks every signal of the calling thread, before `execv` hands the
    /// process to another program (which would otherwise start with them blocked).
    public static func unblockAllSignals() {
        var none = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, nil)
    }

    public struct SpawnFailure: Error, Sendable {
        public var reason: String
    }
}
