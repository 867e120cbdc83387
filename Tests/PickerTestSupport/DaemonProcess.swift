import Foundation
import PickerJSON

/// A real `pickerd`, started from the build folder on a socket of its own in a
/// fresh temporary directory, stopped (SIGKILL if need be) when released.
public final class DaemonProcess: @unchecked Sendable {
    // @unchecked: the process handle is only used by the test that owns it;
    // Sendable lets tests hand the daemon to concurrent client tasks.
    /// Holds the socket, the state, the config and the log; shared by the
    /// daemons of one test, so a restarted daemon finds its predecessor's state.
    public let home: TestDirectory
    public var directory: URL { home.url }
    public var stateDirectory: String { home.url.appendingPathComponent("state").path }
    public let socketPath: String
    public let logPath: String
    public let configPath: String?
    private var process = Process()

    /// The directory holding the test binaries, where `pickerd` is built too.
    public static var buildDirectory: URL {
        URL(
            fileURLWithPath: (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
                ?? CommandLine.arguments[0]
        )
        .deletingLastPathComponent()
    }

    public static func executable(_ name: String) -> URL {
        buildDirectory.appendingPathComponent(name)
    }

    /// Starts pickerd and waits until its socket accepts connections.
    /// `config` is the text of a config file; `socketDirectoryMode` makes the
    /// socket's directory beforehand (for tests that connect as another user);
    /// `launcher` runs pickerd in place (`prlimit …`, or setpriv to run it as
    /// another user); `socketPath` puts the socket elsewhere than in the home's `run`.
    public init(
        config: String? = nil, arguments: [String] = [], environment: [String: String] = [:],
        socketDirectoryMode: Int? = nil, logLevel: String = "debug", home: TestDirectory? = nil, journald: Bool = false,
        launcher: [String] = [], socketPath: String? = nil
    ) throws {
        // Writing to a daemon or child that has gone must fail, not kill the test runner.
        Glibc.signal(SIGPIPE, SIG_IGN)
        self.home = try home ?? TestDirectory()
        let directory = self.home.url
        let socketDirectory = directory.appendingPathComponent("run")
        if let socketDirectoryMode {
            try FileManager.default.createDirectory(at: socketDirectory, withIntermediateDirectories: true)
            chmod(directory.path, 0o755)
            chmod(socketDirectory.path, mode_t(socketDirectoryMode))
        }
        self.socketPath = socketPath ?? socketDirectory.appendingPathComponent("pickerd.sock").path
        logPath = directory.appendingPathComponent("pickerd-\(UUID().uuidString.prefix(6)).log").path
        var allArguments = [
            "--socket", self.socketPath, "--log-level", logLevel, "--state-dir",
            directory.appendingPathComponent("state").path,
        ]
        if let config {
            let path = directory.appendingPathComponent("pickerd.json").path
            try config.write(toFile: path, atomically: true, encoding: .utf8)
            allArguments += ["--config", path]
            configPath = path
        } else {
            configPath = nil
        }
        var processEnvironment = ProcessInfo.processInfo.environment
        processEnvironment.removeValue(forKey: "JOURNAL_STREAM")
        processEnvironment.removeValue(forKey: "PICKERD_SOCKET")
        // A daemon built with AddressSanitizer keeps freed memory in a quarantine,
        // which the tests that bound its memory would count; ignored otherwise.
        processEnvironment["ASAN_OPTIONS"] =
            (processEnvironment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "quarantine_size_mb=0"
        for (key, value) in environment { processEnvironment[key] = value }
        FileManager.default.createFile(atPath: logPath, contents: nil)
        if journald {
            // As systemd would: the device and inode of the daemon's stderr.
            var info = stat()
            stat(logPath, &info)
            processEnvironment["JOURNAL_STREAM"] = "\(info.st_dev):\(info.st_ino)"
        }
        let logPath = logPath
        process = try Spawn.run { process in
            if let program = launcher.first {
                process.executableURL = URL(fileURLWithPath: program)
                process.arguments = launcher.dropFirst() + [Self.executable("pickerd").path] + allArguments + arguments
            } else {
                process.executableURL = Self.executable("pickerd")
                process.arguments = allArguments + arguments
            }
            process.environment = processEnvironment
            process.standardError = FileHandle(forWritingAtPath: logPath)
            process.standardOutput = FileHandle(forWritingAtPath: logPath)
        }
        try waitUntilListening()
    }

    /// The program that runs a command as another user (util-linux).
    public static let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first(where: FileManager.default.fileExists)

    /// The words that run a command as `uid` (and a group of the same number),
    /// with no other groups. Needs root.
    public static func runAs(uid: UInt32) throws -> [String] {
        guard getuid() == 0, let setpriv else {
            throw TestFailure("running as uid \(uid) needs root and setpriv (util-linux)")
        }
        return [setpriv, "--reuid=\(uid)", "--regid=\(uid)", "--clear-groups"]
    }

    /// pickerd running as `uid`, in socket and state directories made for
    /// that user beforehand (0700, as pickerd would make them), or on
    /// `socketPath` in a directory prepared by the test.
    public static func runningAs(
        uid: UInt32, config: String? = nil, socketPath: String? = nil, environment: [String: String] = [:]
    ) throws -> DaemonProcess {
        let launcher = try runAs(uid: uid)
        let home = try TestDirectory()
        chmod(home.url.path, 0o755)
        for name in ["run", "state"] {
            try OwnedDirectory.make(home.url.appendingPathComponent(name).path, owner: uid, mode: 0o700)
        }
        return try DaemonProcess(
            config: config, environment: environment, home: home, launcher: launcher, socketPath: socketPath)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// SIGKILL: no chance to save or clean up anything.
    public func kill9() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Everything the daemon wrote to stderr and stdout so far.
    public var log: String {
        (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
    }

    private func waitUntilListening() throws {
        try eventually("pickerd to listen on \(socketPath):\n\(log)", timeout: 20) {
            if !process.isRunning {
                throw TestFailure("pickerd exited with status \(process.terminationStatus) before listening:\n\(log)")
            }
            guard let client = try? TestClient(socketPath: socketPath) else { return false }
            client.close()
            return true
        }
    }

    /// A daemon on `NAME.sock` in a home of its own: a host labelled `NAME.sock`
    /// when several are followed.
    public static func named(_ name: String) throws -> DaemonProcess {
        let home = try TestDirectory()
        return try DaemonProcess(home: home, socketPath: home.url.appendingPathComponent("\(name).sock").path)
    }

    /// A daemon (memory state) whose presets folder holds `presets`, each a
    /// preset file's text by kind name, written as pickerd requires (0644).
    public static func withPresets(_ presets: [String: String]) throws -> DaemonProcess {
        let home = try TestDirectory()
        let folder = home.url.appendingPathComponent("plugins.d")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (kind, text) in presets {
            let file = folder.appendingPathComponent("\(kind).json")
            try text.write(to: file, atomically: true, encoding: .utf8)
            chmod(file.path, 0o644)
        }
        return try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#, logLevel: "info", home: home)
    }

    /// Waits until `count` windows are open (so an asking pickerctl is blocked).
    public func waitForWindows(_ count: Int) throws {
        let client = try TestClient(socketPath: socketPath)
        try eventually("\(count) open windows") { try client.result("list")["windows"]?.arrayValue?.count == count }
    }

    public func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits until the log holds `text`.
    public func waitForLog(_ text: String, timeout: TimeInterval = 10) throws {
        try eventually("the log to say '\(text)':\n\(log)", timeout: timeout) { log.contains(text) }
    }

    /// SIGTERM, then the exit status (SIGKILL after `timeout` seconds).
    @discardableResult
    public func stop(timeout: TimeInterval = 10) -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGTERM)
        if !holdsWithin(timeout, { !process.isRunning }) {
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Runs the pickerd binary with `arguments` to completion: status and output.
    /// Its HOME is a fresh directory, so its default state is its own.
    public static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let home = try TestDirectory()
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home.url.path
        environment.removeValue(forKey: "XDG_STATE_HOME")
        return try Command.run(executable("pickerd").path, arguments, environment: environment)
    }
}

/// A test precondition that failed, with what was seen.
public struct TestFailure: Error, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// Runs a program to completion and captures its combined output.
public enum Command {
    public static func run(
        _ path: String, _ arguments: [String], input: String? = nil, environment: [String: String]? = nil
    ) throws -> (status: Int32, output: String) {
        let output = Pipe()
        let inputPipe = Pipe()
        let process = try Spawn.run { process in
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            if let environment { process.environment = environment }
            process.standardOutput = output
            process.standardError = output
            process.standardInput = inputPipe
        }
        if let input { inputPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try? inputPipe.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

/// Starts a `Process`, again if need be: on Linux, Foundation lists the open
/// descriptors to close in the child before spawning it, and a descriptor that
/// another test closes in between makes the spawn fail with EBADF.
enum Spawn {
    static func run(_ configure: (Process) -> Void) throws -> Process {
        TierCheck.startingProcess("a process")
        var attempt = 0
        while true {
            let process = Process()
            configure(process)
            do {
                try process.run()
                return process
            } catch let error as NSError
                where error.domain == NSPOSIXErrorDomain && error.code == Int(EBADF) && attempt < 10
            {
                attempt += 1
                usleep(10_000)  // a fixed pause: no condition says when the other test's descriptor is gone
            }
        }
    }
}

/// A temporary directory removed when the last holder lets go of it.
public final class TestDirectory: @unchecked Sendable {
    // @unchecked: immutable after init.
    public let url: URL

    public init() throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
            "pickerd-test-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// A temporary directory every user may enter and read (0755), for what
    /// a test runs as another user.
    public static func openToAll() throws -> TestDirectory {
        let directory = try TestDirectory()
        chmod(directory.url.path, 0o755)
        return directory
    }

    /// Copies the built program `name` in, so that another user may run it
    /// whatever the build folder's permissions; its path.
    public func copy(ofBuilt name: String) throws -> String {
        let path = url.appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: DaemonProcess.executable(name).path, toPath: path)
        return path
    }
}
