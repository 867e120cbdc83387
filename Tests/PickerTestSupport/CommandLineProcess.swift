import Foundation

/// A command run from the build folder (pickerctl, pickerd) with stdout and
/// stderr kept apart, waited for now or later.
public final class CommandLineProcess: @unchecked Sendable {
    // @unchecked: owned by one test; the pipes are drained by their own threads.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    private let process: Process
    private let stdoutData = DataCollector()
    private let stderrData = DataCollector()
    private let stdoutDone = DispatchSemaphore(value: 0)
    private let stderrDone = DispatchSemaphore(value: 0)

    /// Its standard input when started with `input: true` (else /dev/null).
    private let stdin: Pipe?

    /// Starts `name` (a product of this package) with `arguments`. With
    /// `input`, its standard input is a pipe that `write(input:)` feeds.
    public convenience init(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], prefix: [String] = [],
        input: Bool = false
    ) throws {
        try self.init(
            program: DaemonProcess.executable(name).path, arguments, environment: environment, prefix: prefix,
            input: input)
    }

    /// Starts the program at `executable` (another package's, such as
    /// systemd-ask-password) the same way.
    public init(
        program executable: String, _ arguments: [String], environment: [String: String] = [:], prefix: [String] = [],
        input: Bool = false
    ) throws {
        // Foundation's Process takes the closing of a descriptor it hands
        // the child for the child's exit; a program that closes what it
        // inherits stalls every other Process of the run (see SpawnedProcess).
        if ([executable] + prefix).contains(where: { $0.hasSuffix("systemd-socket-activate") }) {
            throw TestFailure("start systemd-socket-activate with SpawnedProcess: it closes what it inherits")
        }
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = input ? Pipe() : nil
        self.stdin = stdin
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.removeValue(forKey: "PICKERD_SOCKET")
        for (key, value) in environment { processEnvironment[key] = value }
        process = try Spawn.run { process in
            if let launcher = prefix.first {
                process.executableURL = URL(fileURLWithPath: launcher)
                process.arguments = Array(prefix.dropFirst()) + [executable] + arguments
            } else {
                process.executableURL = URL(fileURLWithPath: executable)
                process.arguments = arguments
            }
            process.environment = processEnvironment
            process.standardOutput = stdout
            process.standardError = stderr
            process.standardInput = stdin ?? FileHandle.nullDevice
        }
        Self.drain(stdout, into: stdoutData, done: stdoutDone)
        Self.drain(stderr, into: stderrData, done: stderrDone)
    }

    private static func drain(_ pipe: Pipe, into collector: DataCollector, done: DispatchSemaphore) {
        let handle = pipe.fileHandleForReading
        Thread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                collector.append(data)
            }
            done.signal()
        }.start()
    }

    public var isRunning: Bool { process.isRunning }
    public var pid: Int32 { process.processIdentifier }

    /// Writes to its standard input, then closes it when `close`.
    public func write(input: String, close: Bool = true) throws {
        guard let stdin else { throw TestFailure("started without input: true") }
        stdin.fileHandleForWriting.write(Data(input.utf8))
        if close { try stdin.fileHandleForWriting.close() }
    }
    /// What it has written to stdout so far.
    public var stdoutSoFar: String { stdoutData.text }
    /// What it has written to stderr so far.
    public var stderrSoFar: String { stderrData.text }

    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits for the exit (SIGKILL after `timeout` seconds) and returns what it wrote.
    public func finish(timeout: TimeInterval = 30) -> Result {
        if !holdsWithin(timeout, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        stdoutDone.wait()
        stderrDone.wait()
        return Result(status: process.terminationStatus, stdout: stdoutData.text, stderr: stderrData.text)
    }

    /// Runs to completion.
    public static func run(
        _ name: String, _ arguments: [String], environment: [String: String] = [:], prefix: [String] = []
    )
        throws -> Result
    {
        try CommandLineProcess(name, arguments, environment: environment, prefix: prefix).finish()
    }
}

/// Bytes appended by a reader thread and read by the test.
final class DataCollector: @unchecked Sendable {
    // @unchecked: every access holds the lock.
    private let lock = NSLock()
    private var data = Data()

    func append(_ more: Data) {
        lock.lock()
        data.append(more)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}
