#if canImport(Glibc)
import Glibc
#endif

/// A program started with posix_spawn, the least a start can cost, so that a
/// measured start is the program's own: stdin from the file `stdin`, stdout to
/// the file `stdout`, stderr shared with pickerbench, and pickerbench's
/// environment with `environment` ("NAME=value") in place of those names.
struct SpawnedProcess {
    let pid: pid_t
    let command: String

    init(_ arguments: [String], stdin: String = "/dev/null", stdout: String = "/dev/null", environment: [String] = [])
        throws
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        let added = environment.map { strdup($0) }
        defer { (argv + added).forEach { free($0) } }
        let replaced = Set(environment.map { $0.prefix { $0 != "=" } })
        var inherited: [UnsafeMutablePointer<CChar>?] = []
        var cursor = environ
        while let entry = cursor.pointee {
            if !replaced.contains(String(cString: entry).prefix { $0 != "=" }) { inherited.append(entry) }
            cursor += 1
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, inherited + added + [nil])
        guard spawned == 0 else {
            throw BenchmarkFailure("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))")
        }
        self.pid = pid
        command = arguments.joined(separator: " ")
    }

    /// Waits for it to exit; a failure unless it exited 0.
    func waitForSuccess() throws {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        guard status == 0 else { throw BenchmarkFailure("\(command) failed (wait status \(status))") }
    }

    /// SIGTERM, then waits for it to exit and returns the milliseconds that
    /// took; SIGKILL if it is still running after `timeout` seconds (nil).
    func terminate(within timeout: Double = 30) -> Double? {
        let start = ContinuousClock.now
        kill(pid, SIGTERM)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if seconds(since: start) > timeout {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                return nil
            }
            usleep(1_000)
        }
        return seconds(since: start) * 1000
    }
}
