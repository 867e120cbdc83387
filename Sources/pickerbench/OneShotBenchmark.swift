#if canImport(Glibc)
import Glibc
#endif
import PickerProtocol

/// `pickerctl ping` as a script runs it, one process per request, against
/// socat sending the same request line: wall time from spawn to exit.
struct OneShotBenchmark {
    var rounds = 60

    func run() throws -> [TargetCheck] {
        print("one-shot: `pickerctl ping` vs socat with the same line (\(rounds) alternating runs; ms, medians, min–max)\n")
        let daemon = try BenchDaemon(config: #"{"state": {"durability": "memory"}}"#)
        let pickerctl = BenchDaemon.sibling("pickerctl")
        guard access(pickerctl, X_OK) == 0 else {
            throw BenchmarkFailure("\(pickerctl) is missing; build everything first with `swift build -c release`")
        }
        guard let socat = Self.which("socat") else {
            print("socat is not installed (apt-get install socat); skipped")
            return []
        }
        let requestFile = daemon.directory.appendingPathComponent("ping.json").path
        requestFile.withCString { path in
            let file = fopen(path, "w")
            fputs(TypedRequest.line(Ping()) + "\n", file)
            fclose(file)
        }
        var times = (socat: Sample(), pickerctl: Sample())
        for _ in 0..<rounds {
            times.socat.add(try Self.wallMilliseconds([socat, "-", "UNIX-CONNECT:\(daemon.socketPath)"], stdin: requestFile))
            times.pickerctl.add(try Self.wallMilliseconds([pickerctl, "--socket", daemon.socketPath, "ping"], stdin: "/dev/null"))
        }
        ComparisonTable(first: "socat", second: "pickerctl", ratio: "pickerctl/socat")
            .row("ping, ms", times.socat, times.pickerctl, decimals: 2)
        print("\nTarget: within 1.50x of socat.")
        return [
            TargetCheck(
                "`pickerctl ping` ≤ 1.50x socat", ratio: times.pickerctl.median / times.socat.median, atMost: 1.5,
                of: "\(times.pickerctl.median.formatted(decimals: 2)) vs \(times.socat.median.formatted(decimals: 2)) ms")
        ]
    }

    /// Spawns `arguments` with stdin from a file and stdout to /dev/null, and
    /// returns the milliseconds until it exited (successfully).
    static func wallMilliseconds(_ arguments: [String], stdin: String) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkFailure("cannot start \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let elapsed = seconds(since: start) * 1000
        guard status == 0 else { throw BenchmarkFailure("\(arguments.joined(separator: " ")) failed (wait status \(status))") }
        return elapsed
    }

    static func which(_ name: String) -> String? {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
            return "\(directory)/\(name)"
        }
        return nil
    }
}
