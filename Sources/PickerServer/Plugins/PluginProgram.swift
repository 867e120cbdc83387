import NIOCore

/// The transport under an external plugin: a running program that takes
/// request lines and writes bytes back. `ExternalPlugin` holds the protocol
/// (ids, answers, timeouts, restarts); the daemon runs real processes
/// (`PluginProcessLauncher`), and the fuzz target plugs in a scripted
/// in-process program. Everything is called on the daemon's event loop.
public protocol PluginProgram: AnyObject {
    /// The process id, for log lines; nil for a program that is not a process.
    var pid: Int32? { get }
    /// Writes one request line (newline included) to the program's stdin.
    func send(_ line: [UInt8])
    /// Ends the program and whatever it started. Its `stdout` and `ended`
    /// are not called after this; what it had written to stderr may still be.
    func terminate()
}

/// Starts plugin programs.
public protocol PluginProgramLauncher {
    /// Starts the program `spec` names; its output goes to `output`, from a
    /// later event-loop turn on, never from within this call.
    func launch(_ spec: PluginProgramSpec, on eventLoop: any EventLoop, output: PluginProgramOutput)
        throws(PluginLaunchError)
        -> any PluginProgram
}

/// Which program to run for which kind.
public struct PluginProgramSpec: Sendable {
    public var kind: String
    /// The program and its arguments; the program is an absolute path.
    public var command: [String]
    /// The presets folder, the program's working directory.
    public var workingDirectory: String?

    public init(kind: String, command: [String], workingDirectory: String?) {
        self.kind = kind
        self.command = command
        self.workingDirectory = workingDirectory
    }
}

/// Where a program's output goes.
public struct PluginProgramOutput {
    /// Bytes it wrote to stdout, as they come (not cut into lines).
    public var stdout: ([UInt8]) -> Void
    /// Bytes it wrote to stderr, for the log (bounded there).
    public var stderr: ([UInt8]) -> Void
    /// Its stderr ended.
    public var stderrEnded: () -> Void
    /// Its stdout ended: it exited or closed it.
    public var ended: () -> Void

    // Made by `ExternalPlugin` alone, through the memberwise init Swift writes;
    // launchers only call it.
}

/// Why a program could not be started, as a sentence.
public struct PluginLaunchError: Error, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
