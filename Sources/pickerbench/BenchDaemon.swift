import Foundation

/// A server from the same build folder as pickerbench (pickerd, or the
/// pickerfloor reference), on its own socket, stopped when released.
final class BenchDaemon {
    let directory: URL
    let socketPath: String
    private let process = Process()

    var probe: ProcessProbe { ProcessProbe(pid: process.processIdentifier) }

    /// pickerd with `config`.
    convenience init(config: String) throws {
        try self.init(executable: "pickerd") { directory, socket in
            let configPath = directory.appendingPathComponent("pickerd.json").path
            try config.write(toFile: configPath, atomically: true, encoding: .utf8)
            return [
                "--socket", socket, "--config", configPath, "--state-dir", directory.appendingPathComponent("state").path,
                "--log-level", "warning",
            ]
        }
    }

    /// The C reference server.
    static func floor() throws -> BenchDaemon {
        try BenchDaemon(executable: "pickerfloor") { _, socket in [socket] }
    }

    init(executable name: String, arguments: (URL, String) throws -> [String]) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pickerbench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("server.sock").path
        let executable = URL(fileURLWithPath: Self.sibling(name))
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchmarkFailure(
                "\(executable.path) is missing; build everything first with `swift build -c release` and run .build/release/pickerbench")
        }
        process.executableURL = executable
        process.arguments = try arguments(directory, socketPath)
        process.standardError = FileHandle.standardError
        try CPUPinning.asServer { try process.run() }
        for _ in 0..<500 {
            if (try? LoadConnection(socketPath: socketPath)) != nil { return }
            usleep(10_000)
        }
        throw BenchmarkFailure("\(name) did not start at \(executable.path)")
    }

    /// The path of an executable built beside pickerbench.
    static func sibling(_ name: String) -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(name).path
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
