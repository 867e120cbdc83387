import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl ping`, `badge` and `list` as a script runs them, one process per
/// request, each against socat sending the request line that command sends:
/// wall time from spawn to exit.
struct OneShotBenchmark {
    var rounds = 60

    /// A pickerctl command and the one request line it sends (to a daemon
    /// with no windows open: `list` then asks nothing more).
    struct Command {
        var name: String
        var line: String
    }

    static let commands = [
        Command(name: "ping", line: TypedRequest.line(Ping())),
        Command(name: "badge", line: TypedRequest.line(Status())),  // badge counts the windows status reports
        Command(name: "list", line: TypedRequest.line(List())),
    ]

    func run() throws -> [TargetCheck] {
        print("one-shot: `pickerctl ping`, `badge` and `list` vs socat with the same line")
        print("(\(rounds) alternating runs each, pickerd in memory state with no windows; ms, medians, min–max)\n")
        let daemon = try BenchDaemon(config: #"{"state": {"durability": "memory"}}"#)
        let pickerctl = BenchDaemon.sibling("pickerctl")
        guard access(pickerctl, X_OK) == 0 else {
            throw BenchmarkFailure("\(pickerctl) is missing; build everything first with `swift build -c release`")
        }
        guard let socat = Self.which("socat") else {
            print("socat is not installed (apt-get install socat); skipped")
            return []
        }
        var times: [(socat: Sample, pickerctl: Sample)] = Self.commands.map { _ in (Sample(), Sample()) }
        let requestFiles = try Self.commands.map { command in
            let path = daemon.directory.appendingPathComponent("\(command.name).json").path
            guard let file = fopen(path, "w") else { throw BenchmarkFailure("cannot write \(path)") }
            fputs(command.line + "\n", file)
            fclose(file)
            return path
        }
        for _ in 0..<rounds {
            for (index, command) in Self.commands.enumerated() {
                times[index].socat.add(
                    try Self.wallMilliseconds(
                        [socat, "-", "UNIX-CONNECT:\(daemon.socketPath)"], stdin: requestFiles[index]))
                times[index].pickerctl.add(
                    try Self.wallMilliseconds([pickerctl, "--socket", daemon.socketPath, command.name]))
            }
        }
        let table = ComparisonTable(first: "socat", second: "pickerctl", ratio: "pickerctl/socat")
        for (index, command) in Self.commands.enumerated() {
            table.row("\(command.name), ms", times[index].socat, times[index].pickerctl, decimals: 2)
        }
        print("\nTarget: each within 1.50x of socat.")
        return zip(Self.commands, times).map { command, time in
            TargetCheck(
                "`pickerctl \(command.name)` ≤ 1.50x socat", ratio: time.pickerctl.median / time.socat.median,
                atMost: 1.5,
                of: "\(time.pickerctl.median.formatted(decimals: 2)) vs \(time.socat.median.formatted(decimals: 2)) ms")
        }
    }

    /// Runs `arguments` with stdin from a file and stdout to /dev/null, and
    /// returns the milliseconds until it exited (successfully).
    static func wallMilliseconds(_ arguments: [String], stdin: String = "/dev/null") throws -> Double {
        let start = ContinuousClock.now
        try SpawnedProcess(arguments, stdin: stdin).waitForSuccess()
        return seconds(since: start) * 1000
    }

    static func which(_ name: String) -> String? {
        let path = String(cString: getenv("PATH") ?? strdup("/usr/bin:/bin"))
        for directory in path.split(separator: ":") where access("\(directory)/\(name)", X_OK) == 0 {
            return "\(directory)/\(name)"
        }
        return nil
    }
}
