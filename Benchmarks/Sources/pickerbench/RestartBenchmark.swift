import Foundation
import PickerJSON
import PickerProtocol

/// pickerd's restart: the time from spawning it to its `READY=1` (systemd's
/// notify protocol) on durable state that holds 100,000 open windows and
/// 10,000 outcomes, beside the same on empty state. Each round starts on a
/// fresh copy of the prepared state, since a start may write to it.
struct RestartBenchmark {
    var rounds = 5
    var openWindows = 100_000
    var outcomes = 10_000

    /// Durable, with room for every window and outcome prepared: the defaults
    /// allow 100,000 windows in all, 10,000 per connection, and keep outcomes
    /// 10 minutes.
    static let config = """
        {"state": {"durability": "durable", "retention_ms": 86400000, "max_outcomes": 1000000},
         "limits": {"max_windows": 1000000, "max_windows_per_connection": 1000000, "max_outcomes_per_user": 1000000}}
        """

    /// What one start measured.
    struct Start {
        var readyMilliseconds: Double
        var openWindows: Int
        var outcomes: Int
        var stopMilliseconds: Double
    }

    /// What the starts on one state measured, over the rounds.
    struct Figures {
        var ready = Sample()
        var openWindows = Sample()
        var outcomes = Sample()
        var stop = Sample()

        mutating func add(_ start: Start) {
            ready.add(start.readyMilliseconds)
            openWindows.add(Double(start.openWindows))
            outcomes.add(Double(start.outcomes))
            stop.add(start.stopMilliseconds)
        }
    }

    func run() throws -> [TargetCheck] {
        print("restart: pickerd from spawn to READY=1 (sd_notify), durable state with \(openWindows) open windows")
        print(
            "and \(outcomes) outcomes vs empty state (\(rounds) alternating rounds, each on a fresh copy; medians, min–max)\n"
        )
        let empty = try prepare(windows: 0, outcomes: 0)
        let full = try prepare(windows: openWindows, outcomes: outcomes)
        print()
        var (onEmpty, onFull) = (Figures(), Figures())
        for round in 0..<rounds {
            onEmpty.add(try restart(empty, round: round))
            onFull.add(try restart(full, round: round))
        }
        let table = ComparisonTable(first: "empty state", second: "\(openWindows) open", ratio: "full/empty")
        table.row("spawn to READY=1, ms", onEmpty.ready, onFull.ready, decimals: 1)
        table.row("open windows after READY", onEmpty.openWindows, onFull.openWindows)
        table.row("outcomes in history after READY", onEmpty.outcomes, onFull.outcomes)
        table.row("SIGTERM to exit, ms", onEmpty.stop, onFull.stop, decimals: 1)
        print(
            "\nTarget: READY=1 within 1 s of the start, with \(openWindows) open windows and \(outcomes) outcomes kept."
        )
        let ready = onFull.ready.median
        let complete = onFull.openWindows.min == Double(openWindows) && onFull.outcomes.min == Double(outcomes)
        return [
            TargetCheck(
                "restart with \(openWindows) open to READY < 1 s",
                measured:
                    "\(ready.formatted(decimals: 0)) ms\(complete ? "" : ", but windows or outcomes were missing")",
                isMet: ready < 1000 && complete)
        ]
    }

    /// A stopped durable daemon whose state directory holds `windows` open
    /// windows and `outcomes` outcomes.
    private func prepare(windows: Int, outcomes: Int) throws -> BenchDaemon {
        let daemon = try BenchDaemon(config: Self.config)
        let start = ContinuousClock.now
        if windows > 0 {
            print("opening \(windows) windows… ", terminator: "")
            fflush(nil)  // progress shows while it takes, also through a pipe
            try CycleLoad.fill(socket: daemon.socketPath, windows: windows)
            print("\(seconds(since: start).formatted(decimals: 1)) s")
        }
        if outcomes > 0 {
            print("presenting and submitting \(outcomes) more, for their outcomes… ", terminator: "")
            fflush(nil)
            let submitted = ContinuousClock.now
            _ = try CycleLoad().requestsPerSecond(socket: daemon.socketPath, cycles: outcomes)
            print("\(seconds(since: submitted).formatted(decimals: 1)) s")
        }
        // SIGTERM: durable windows stay for the next start.
        guard let stopped = daemon.stop(within: 60) else {
            throw BenchmarkFailure("pickerd did not stop within 60 s of SIGTERM")
        }
        if windows > 0 || outcomes > 0 {
            let database = daemon.directory.appendingPathComponent("state/state.db").path
            var info = stat()
            let size = stat(database, &info) == 0 ? Double(info.st_size) / 1_048_576 : .nan
            print(
                "prepared in \(seconds(since: start).formatted(decimals: 1)) s; stopped in \(stopped.formatted(decimals: 0)) ms; state.db \(size.formatted(decimals: 1)) MiB"
            )
        }
        return daemon
    }

    /// Starts pickerd on a fresh copy of `prepared`'s state, times it to
    /// READY=1, counts what it restored through its socket, and stops it.
    private func restart(_ prepared: BenchDaemon, round: Int) throws -> Start {
        let directory = prepared.directory.appendingPathComponent("round-\(round)").path
        let state = directory + "/state"
        let socket = directory + "/pickerd.sock"
        let configPath = directory + "/pickerd.json"
        guard mkdir(directory, 0o700) == 0 else {
            throw BenchmarkFailure("cannot create \(directory): \(String(cString: strerror(errno)))")
        }
        defer { try? SpawnedProcess(["/bin/rm", "-rf", directory]).waitForSuccess() }
        try SpawnedProcess(["/bin/cp", "-a", prepared.directory.appendingPathComponent("state").path, state])
            .waitForSuccess()
        try Self.config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let notify = try NotifySocket(path: directory + "/notify.sock")

        let start = ContinuousClock.now
        let pickerd = try CPUPinning.asServer {
            try SpawnedProcess(
                [
                    BenchDaemon.sibling("pickerd"), "--socket", socket, "--config", configPath, "--state-dir", state,
                    "--log-level", "warning",
                ], environment: ["NOTIFY_SOCKET=\(notify.path)"])
        }
        do {
            guard notify.waitForReady(timeout: 120) else {
                throw BenchmarkFailure("pickerd sent no READY=1 within 120 s")
            }
            let ready = seconds(since: start) * 1000
            let connection = try LoadConnection(socketPath: socket)
            let status = try JSON.parse(try connection.call(TypedRequest.line(Status())))
            let history = try JSON.parse(try connection.call(TypedRequest.line(History(limit: 100_000))))
            guard let open = status["result"].flatMap(DaemonStatus.init(json:))?.openWindows,
                let kept = history["result"]?["outcomes"]?.arrayValue?.count
            else { throw BenchmarkFailure("unexpected answers to status or history: \(status), \(history)") }
            guard let stopped = pickerd.terminate() else {
                throw BenchmarkFailure("pickerd did not stop within 30 s of SIGTERM")
            }
            return Start(readyMilliseconds: ready, openWindows: open, outcomes: kept, stopMilliseconds: stopped)
        } catch {
            _ = pickerd.terminate()
            throw error
        }
    }
}
