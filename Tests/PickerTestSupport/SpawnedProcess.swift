import Foundation

/// A program started with posix_spawn rather than Foundation's Process, for
/// programs that close the descriptors they inherit, as
/// systemd-socket-activate does: Foundation takes that for an exit and blocks
/// its process monitor in waitpid until the real exit, which stalls every
/// other Process of the test run meanwhile.
public final class SpawnedProcess: @unchecked Sendable {
    // @unchecked: owned by one test; `status` is set once, by `stop`.
    public let pid: pid_t
    private var status: Int32?

    /// Starts `arguments` (the program first) with this environment plus
    /// `environment`, stdin from /dev/null, stdout and stderr to `logPath`.
    public init(_ arguments: [String], environment: [String: String] = [:], logPath: String) throws {
        TierCheck.startingProcess(arguments[0])
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let variables = ProcessInfo.processInfo.environment.merging(environment) { $1 }.map { "\($0)=\($1)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var started: pid_t = 0
        let failed = posix_spawn(&started, arguments[0], &actions, nil, &argv, &envp)
        guard failed == 0 else {
            throw TestFailure("cannot start \(arguments[0]): \(String(cString: strerror(failed)))")
        }
        pid = started
    }

    deinit {
        stop()
    }

    /// SIGTERM, then SIGKILL after `timeout` seconds; the wait status.
    @discardableResult
    public func stop(timeout: TimeInterval = 10) -> Int32 {
        if let status { return status }
        kill(pid, SIGTERM)
        var waitStatus: Int32 = 0
        if !holdsWithin(timeout, { waitpid(pid, &waitStatus, WNOHANG) != 0 }) {
            kill(pid, SIGKILL)
            waitpid(pid, &waitStatus, 0)
        }
        status = waitStatus
        return waitStatus
    }
}
