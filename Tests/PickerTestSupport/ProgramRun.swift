import Foundation

/// A program named by its path (a script of the repository, an installed copy
/// of pickerd) run to completion, stdout and stderr kept apart.
public enum ProgramRun {
    public static func run(_ path: String, _ arguments: [String], environment: [String: String] = [:]) throws
        -> CommandLineProcess.Result
    {
        let output = try TestDirectory()
        let stdoutURL = output.url.appendingPathComponent("stdout")
        let stderrURL = output.url.appendingPathComponent("stderr")
        for url in [stdoutURL, stderrURL] { FileManager.default.createFile(atPath: url.path, contents: nil) }
        let stdout = try FileHandle(forWritingTo: stdoutURL)
        let stderr = try FileHandle(forWritingTo: stderrURL)
        defer {
            try? stdout.close()
            try? stderr.close()
        }
        let process = try Spawn.run { process in
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = stdout
            process.standardError = stderr
        }
        process.waitUntilExit()
        return CommandLineProcess.Result(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: stdoutURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: stderrURL), as: UTF8.self))
    }
}
