import Foundation

/// A server from the same build folder as pickerbench (pickerd, or the
/// pickerfloor reference), or a pickerd named by path, on its own socket,
/// stopped when released.
final class BenchDaemon {
    let directory: URL
    let socketPath: String
    private let process = Process()

    var probe: ProcessProbe { ProcessProbe(pid: process.processIdentifier) }

    /// pickerd with `config`.
    convenience init(config: String) throws {
        try self.init(pickerd: nil) { _ in config }
    }

    /// pickerd from `path` (nil: the one beside pickerbench), with the config
    /// `config` returns; it gets the daemon's folder, where it may put files
    /// the config names. `openFiles` starts it under `prlimit --nofile`.
    convenience init(pickerd path: String?, openFiles: Int? = nil, config: (URL) throws -> String) throws {
        let pickerd = path ?? Self.sibling("pickerd")
        var launcher: [String] = []
        if let openFiles {
            guard let prlimit = OneShotBenchmark.which("prlimit") else {
                throw BenchmarkFailure("prlimit (util-linux) is missing")
            }
            launcher = [prlimit, "--nofile=\(openFiles):\(openFiles)", "--"]
        }
        try self.init(executable: pickerd, launcher: launcher) { directory, socket in
            let configPath = directory.appendingPathComponent("pickerd.json").path
            try config(directory).write(toFile: configPath, atomically: true, encoding: .utf8)
            return [
                "--socket", socket, "--config", configPath, "--state-dir",
                directory.appendingPathComponent("state").path,
                "--log-level", "warning",
            ]
        }
    }

    /// The longest stall of the event loop that `PICKERD_LOOP_PROBE` noted
    /// since `start` (CLOCK_MONOTONIC ns): the loop thread's CPU and the wall
    /// time in ms, and what ran; nil when the daemon noted none (an older pickerd).
    func longestLoopStall(since start: Int64) -> (cpu: Double, wall: Double, ran: String)? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("loop-probe"), encoding: .utf8)
        else { return nil }
        var longest: (cpu: Double, wall: Double, ran: String)? = (0, 0, "")
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", maxSplits: 3)
            guard fields.count == 4, let end = Int64(fields[0]), end >= start, let cpu = Double(fields[1]),
                let wall = Double(fields[2])
            else { continue }
            if cpu / 1000 > longest!.cpu { longest = (cpu / 1000, wall / 1000, String(fields[3])) }
        }
        return longest
    }

    /// The C reference server.
    static func floor() throws -> BenchDaemon {
        try BenchDaemon(executable: sibling("pickerfloor")) { _, socket in [socket] }
    }

    init(executable path: String, launcher: [String] = [], arguments: (URL, String) throws -> [String]) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "pickerbench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("server.sock").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure(
                "\(path) is missing; build everything first with `swift build -c release` and run .build/release/pickerbench"
            )
        }
        // A launcher such as prlimit execs the server, which keeps its process id.
        let command = launcher + [path]
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst()) + (try arguments(directory, socketPath))
        process.standardError = FileHandle.standardError
        // pickerd notes its event loop's stalls here (a pickerd that knows nothing of it ignores it).
        process.environment = ProcessInfo.processInfo.environment.merging([
            "PICKERD_LOOP_PROBE": directory.appendingPathComponent("loop-probe").path
        ]) { $1 }
        try CPUPinning.asServer { try process.run() }
        for _ in 0..<500 {
            if (try? LoadConnection(socketPath: socketPath)) != nil { return }
            usleep(10_000)
        }
        throw BenchmarkFailure("\(path) did not start")
    }

    /// The path of an executable built beside pickerbench.
    static func sibling(_ name: String) -> String {
        let own =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Sends SIGTERM and returns the milliseconds until the server exited, or
    /// nil if it was still running `timeout` seconds later; then it, and what
    /// it started, get SIGKILL.
    @discardableResult
    func stop(within timeout: Double = 10) -> Double? {
        guard process.isRunning else { return 0 }
        let start = ContinuousClock.now
        process.terminate()
        while process.isRunning, seconds(since: start) < timeout { usleep(5_000) }
        if !process.isRunning { return seconds(since: start) * 1000 }
        for child in probe.children() { kill(child, SIGKILL) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return nil
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }
}
