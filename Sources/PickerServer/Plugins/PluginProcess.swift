import CPickerServer
import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#endif

/// Runs plugin programs as processes, isolated from the daemon
/// (`picker_spawn`): only stdin, stdout and stderr (pipes to the daemon), a
/// process group of their own, default signal dispositions and an empty
/// mask, the minimal `PluginEnvironment`, the presets folder as working
/// directory, and death with the daemon. The program is checked against
/// `StrictModes` again before each start.
public struct PluginProcessLauncher: PluginProgramLauncher {
    public init() {}

    public func launch(_ spec: PluginProgramSpec, on eventLoop: any EventLoop, output: PluginProgramOutput)
        throws(PluginLaunchError)
        -> any PluginProgram
    {
        var strictModes = StrictModes()
        if let problem = strictModes.problem(with: spec.command[0], expecting: .file) {
            throw PluginLaunchError("its program is not safe to run: \(problem)")
        }
        // On the event loop's thread: the child's parent-death signal follows this thread.
        eventLoop.preconditionInEventLoop()
        return PluginProcess(try Self.spawn(spec), eventLoop: eventLoop, output: output)
    }

    private static func spawn(_ spec: PluginProgramSpec) throws(PluginLaunchError) -> picker_spawned {
        let argv = spec.command.map { strdup($0) } + [nil]
        let envp = PluginEnvironment.variables(kind: spec.kind).map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var spawned = picker_spawned()
        var failed = picker_spawn_step(rawValue: 0)
        guard picker_spawn(spec.command[0], argv, envp, spec.workingDirectory, &spawned, &failed) == 0 else {
            let reason = String(cString: strerror(errno))
            switch failed {
            case PICKER_SPAWN_CHDIR:
                throw PluginLaunchError("cannot enter \(spec.workingDirectory ?? "its folder"): \(reason)")
            case PICKER_SPAWN_EXEC: throw PluginLaunchError("cannot run \(spec.command[0]): \(reason)")
            case PICKER_SPAWN_FORK: throw PluginLaunchError("cannot fork: \(reason)")
            default: throw PluginLaunchError("cannot set up its process: \(reason)")
            }
        }
        return spawned
    }
}

/// One running plugin process: its stdin and stdout as one NIO pipe channel,
/// its stderr as another. Terminating kills its whole process group and reaps
/// it from scheduled tasks, never blocking the loop.
final class PluginProcess: PluginProgram {
    let pid: Int32?
    private let processID: pid_t
    private let eventLoop: any EventLoop
    private let output: PluginProgramOutput
    private var channel: (any Channel)?
    /// Lines sent before the channel was ready.
    private var queued: [[UInt8]] = []
    private var stderrChannel: (any Channel)?
    private var isTerminated = false

    init(_ spawned: picker_spawned, eventLoop: any EventLoop, output: PluginProgramOutput) {
        processID = spawned.pid
        pid = spawned.pid
        self.eventLoop = eventLoop
        self.output = output
        let process = NIOLoopBound(self, eventLoop: eventLoop)
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let reader = PluginOutputReader(
                        read: { process.value.stdoutRead($0) }, ended: { process.value.stdoutEnded() })
                    try channel.pipeline.syncOperations.addHandler(reader)
                }
            }
            .takingOwnershipOfDescriptors(input: spawned.stdout_fd, output: spawned.stdin_fd)
            .assumeIsolated()
            .whenComplete { [self] result in
                switch result {
                case .success(let channel) where isTerminated:
                    channel.close(promise: nil)
                case .success(let channel):
                    self.channel = channel
                    for line in queued { send(line) }
                    queued = []
                case .failure:
                    stdoutEnded()
                }
            }
        NIOPipeBootstrap(group: eventLoop)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let reader = PluginOutputReader(
                        read: { process.value.output.stderr($0) }, ended: { process.value.output.stderrEnded() })
                    try channel.pipeline.syncOperations.addHandler(reader)
                }
            }
            .takingOwnershipOfDescriptor(input: spawned.stderr_fd)
            .assumeIsolated()
            .whenSuccess { [self] channel in stderrChannel = channel }
    }

    func send(_ line: [UInt8]) {
        guard !isTerminated else { return }
        guard let channel else {
            queued.append(line)
            return
        }
        channel.writeAndFlush(channel.allocator.buffer(bytes: line), promise: nil)
    }

    func terminate() {
        guard !isTerminated else { return }
        isTerminated = true
        // The group first (what it started), then the process itself, in case it left the group.
        kill(-processID, SIGKILL)
        kill(processID, SIGKILL)
        channel?.close(promise: nil)
        channel = nil
        queued = []
        // Its last stderr lines are still read; a child that left the group
        // and holds the pipe does not keep it open for long.
        eventLoop.assumeIsolated().scheduleTask(in: .seconds(1)) { [self] in
            stderrChannel?.close(promise: nil)
            stderrChannel = nil
        }
        ChildReaper.reap(processID, on: eventLoop)
    }

    private func stdoutRead(_ bytes: [UInt8]) {
        guard !isTerminated else { return }
        output.stdout(bytes)
    }

    private func stdoutEnded() {
        guard !isTerminated else { return }
        output.ended()
    }
}

/// Hands what a pipe reads to `read`, and its end (once) to `ended`.
private final class PluginOutputReader: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    private let read: ([UInt8]) -> Void
    private var ended: (() -> Void)?

    init(read: @escaping ([UInt8]) -> Void, ended: @escaping () -> Void) {
        self.read = read
        self.ended = ended
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        read(Array(unwrapInboundIn(data).readableBytesView))
    }

    func channelInactive(context: ChannelHandlerContext) {
        end()
        context.fireChannelInactive()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? ChannelEvent, event == .inputClosed { end() }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // A write to a program that closed its stdin (EPIPE), a read error: it is over.
        context.close(promise: nil)
    }

    private func end() {
        let ended = ended
        self.ended = nil
        ended?()
    }
}
