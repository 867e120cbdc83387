import Logging
import NIOCore
import NIOEmbedded
import PickerCore
import PickerJSON
import PickerProtocol
import PickerServer

#if canImport(Glibc)
import Glibc
#endif

/// The daemon's whole input path without sockets or threads: a DaemonCore with
/// memory state on an EmbeddedEventLoop, connections as EmbeddedChannels with
/// given credentials, a manual clock, and external plugin programs from
/// `pluginLauncher` (scripted ones in the fuzz target). The fuzz target drives
/// it, and tests replay what the fuzzer found. Everything runs on the calling
/// thread; time moves only through `advance`.
public final class EmbeddedDaemon {
    public let clock = ManualClock()
    private let loop = EmbeddedEventLoop()
    private let core: DaemonCore
    private var channels: [EmbeddedChannel] = []

    /// A daemon on `config` (JSON text; memory state is forced). Its log
    /// lines (`logLevel` and above, info by default) go to `log`, if given.
    /// Its window ids are `w1`, `w2`… (that a test or a fuzz input can name)
    /// unless `idRandomness` gives them their unguessable part, as pickerd's are.
    /// `sliceBudgets` sets how much long work (a long `list`, many timeouts)
    /// does per slice; slices run a moment apart, so `advance` runs them.
    /// By count only unless `expiryTime` or `lineTime` is given (pickerd's
    /// `.standard` has both), so that what a slice holds does not depend on
    /// the machine's speed.
    public init(
        config: String = "{}", pluginLauncher: any PluginProgramLauncher = PluginProcessLauncher(),
        logLevel: Logger.Level = .info, log: (@Sendable (String) -> Void)? = nil,
        idRandomness: (any RandomNumberGenerator)? = nil, sliceBudgets: SliceBudgets = SliceBudgets()
    ) throws {
        var configuration: DaemonConfiguration
        switch DaemonConfiguration.read(config) {
        case .success(let read): configuration = read
        case .failure(let problems): throw StartupError("\(problems)")
        }
        configuration.durability = .memory
        var logger = Logger(label: "pickerd", factory: { _ in SwiftLogNoOpLogHandler() })
        if let log {
            logger = Logger(label: "pickerd", factory: { _ in ForwardingLogHandler(forward: log) })
            logger.logLevel = logLevel
        }
        core = try DaemonCore(
            eventLoop: loop, configuration: configuration, configPath: nil, systemTimeZone: "UTC", daemonUID: getuid(),
            clock: clock, store: MemoryStateStore(), notifier: SystemdNotifier(environment: [:]), logger: logger,
            pluginLauncher: pluginLauncher, idRandomness: idRandomness)
        core.sliceBudgets = sliceBudgets
        try core.restore()
        loop.run()
    }

    /// Ends like a daemon that stops: windows dismissed, connections closed,
    /// timers cancelled, so nothing keeps the core alive after this.
    deinit {
        core.shutdown()
        loop.run()
        for channel in channels { _ = try? channel.finish(acceptAlreadyClosed: true) }
        loop.advanceTime(by: .seconds(60))
        try? loop.syncShutdownGracefully()
    }

    /// Opens a connection from a peer; returns its number.
    @discardableResult
    public func connect(uid: UInt32 = getuid(), gid: UInt32 = getgid(), pid: Int32 = 4242) throws -> Int {
        let channel = EmbeddedChannel(loop: loop)
        try core.addConnectionHandlers(
            to: channel.pipeline.syncOperations, peer: PeerCredentials(uid: uid, gid: gid, pid: pid))
        try channel.connect(to: SocketAddress(unixDomainSocketPath: "/embedded")).wait()
        channels.append(channel)
        loop.run()
        return channels.count - 1
    }

    /// Delivers bytes on a connection as one read, then lets the turn end.
    public func send(_ bytes: [UInt8], on connection: Int) {
        let channel = channels[connection]
        guard channel.isActive else { return }
        var buffer = channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        _ = try? channel.writeInbound(buffer)
        loop.run()
    }

    /// Delivers bytes on several connections in one loop iteration, in
    /// order, as one epoll wake-up with many readable sockets does.
    public func send(together reads: [(bytes: [UInt8], connection: Int)]) {
        for read in reads where channels[read.connection].isActive {
            var buffer = channels[read.connection].allocator.buffer(capacity: read.bytes.count)
            buffer.writeBytes(read.bytes)
            _ = try? channels[read.connection].writeInbound(buffer)
        }
        loop.run()
    }

    /// Whether the daemon has not closed a connection.
    public func isOpen(_ connection: Int) -> Bool {
        channels[connection].isActive
    }

    /// The peer goes away.
    public func disconnect(_ connection: Int) {
        let channel = channels[connection]
        guard channel.isActive else { return }
        _ = try? channel.close().wait()
        loop.run()
    }

    /// The peer stops reading what the daemon writes (`reads` false), as one
    /// whose socket buffer is full: its channel is no longer writable. Or it
    /// reads again and catches up.
    public func setPeerReads(_ reads: Bool, on connection: Int) {
        let channel = channels[connection]
        guard channel.isActive, channel.isWritable != reads else { return }
        channel.isWritable = reads
        channel.pipeline.fireChannelWritabilityChanged()
        loop.run()
    }

    /// The peer shuts its sending side (`shutdown(SHUT_WR)`): what it sent
    /// before is still answered, and then the daemon closes the connection.
    public func shutInput(of connection: Int) {
        let channel = channels[connection]
        guard channel.isActive else { return }
        channel.pipeline.fireUserInboundEventTriggered(ChannelEvent.inputClosed)
        loop.run()
    }

    /// Runs what the daemon scheduled for now (after a plugin program wrote).
    public func run() {
        loop.run()
    }

    /// How much one slice of long work does from now on.
    public var sliceBudgets: SliceBudgets {
        get { core.sliceBudgets }
        set { core.sliceBudgets = newValue }
    }

    /// Whether long work (a long `list`, many timeouts) has slices left.
    public var hasSlicedWork: Bool { core.hasSlicedWork }
    /// The members of batches run so far.
    public var batchMembersRun: Int { core.batchMembersRun }

    /// Moves the event loop's time on to the next slice of long work, which
    /// runs (the daemon's clock stays).
    public func runNextSlice() {
        loop.advanceTime(by: SlicedWork.pause)
    }

    /// Moves the daemon's clock and its event loop's time forward together.
    public func advance(milliseconds: Int64) {
        clock.advance(milliseconds: milliseconds)
        loop.advanceTime(by: .milliseconds(milliseconds))
        loop.run()
    }

    /// What the daemon wrote to a connection since the last call, as bytes.
    public func written(on connection: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        while let buffer = try? channels[connection].readOutbound(as: ByteBuffer.self) {
            bytes += buffer.readableBytesView
        }
        return bytes
    }

    /// What must hold after any input, or nil: the stack has every open
    /// window once, ordered by level, and the key window is its topmost
    /// visible one (state `visible`: not hidden, not held by quiet hours).
    public func invariantViolation() -> String? {
        let model = core.model
        let list = model.list()
        guard list.windows.count == model.openWindowCount else {
            return "the stack lists \(list.windows.count) windows but \(model.openWindowCount) are open"
        }
        guard Set(list.windows.map(\.window)).count == list.windows.count else { return "a window is listed twice" }
        let visible = list.windows.filter { $0.state == .visible }
        guard visible.count == model.visibleCount else {
            return "\(visible.count) windows are listed visible but the model counts \(model.visibleCount)"
        }
        guard list.key == visible.first?.window else {
            return
                "the key window is \(list.key?.rawValue ?? "none"), not the topmost visible \(visible.first?.window.rawValue ?? "none")"
        }
        guard zip(list.windows, list.windows.dropFirst()).allSatisfy({ $0.level.value >= $1.level.value }) else {
            return "the stack is not ordered by level"
        }
        guard list.windows.allSatisfy({ $0.isKey == ($0.window == list.key) }) else {
            return "a summary's key flag is wrong"
        }
        return nil
    }
}

/// Hands each log line, as text, to a closure (the fuzz target checks them).
private struct ForwardingLogHandler: LogHandler {
    let forward: @Sendable (String) -> Void
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        forward("\(event.level): \(event.message)")
    }
}
