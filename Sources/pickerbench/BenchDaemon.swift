import Foundation

/// A pickerd from the same build folder as pickerbench, on its own socket and
/// state directory, stopped when released.
final class BenchDaemon {
    let directory: URL
    let socketPath: String
    private let process = Process()

    init(config: String) throws {
        directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("pickerbench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socketPath = directory.appendingPathComponent("pickerd.sock").path
        let configPath = directory.appendingPathComponent("pickerd.json").path
        try config.write(toFile: configPath, atomically: true, encoding: .utf8)
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("pickerd")
        process.executableURL = executable
        process.arguments = [
            "--socket", socketPath, "--config", configPath, "--state-dir", directory.appendingPathComponent("state").path,
            "--log-level", "warning",
        ]
        process.standardError = FileHandle.standardError
        try process.run()
        for _ in 0..<500 {
            if (try? LoadConnection(socketPath: socketPath)) != nil { return }
            usleep(10_000)
        }
        throw BenchmarkFailure("pickerd did not start at \(executable.path)")
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }
}
