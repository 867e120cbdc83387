import Logging
import NIOCore
import NIOPosix
import PickerCore
import PickerPlugins
import PickerProtocol
import ServiceLifecycle
import UnixSignals

#if canImport(Glibc)
import Glibc
#endif

/// What `pickerd` runs: where to listen and with which settings.
public struct DaemonOptions: Sendable {
    public var socketPath: String
    /// Where `durable` state is kept; nil: nowhere safe (`StateLocation`).
    public var stateDirectory: String?
    public var configuration: DaemonConfiguration
    /// Re-read on SIGHUP and `reload`; nil means the built-in default.
    public var configPath: String?
    /// The IANA name of the system's time zone.
    public var systemTimeZone: String
    /// For systemd: LISTEN_*, NOTIFY_SOCKET, WATCHDOG_*.
    public var environment: [String: String]

    /// The options of a daemon started as `pickerd` is: the socket and the
    /// state directory given (`--socket`, `--state-dir`) or else found in
    /// `environment` the usual way (`SocketLocation`, `StateLocation`), and
    /// the system's time zone.
    public init(
        socket: String?, stateDirectory: String?, configuration: DaemonConfiguration, configPath: String?,
        environment: [String: String]
    ) {
        socketPath = SocketLocation.resolve(explicit: socket, environment: environment, uid: getuid())
        self.stateDirectory = StateLocation.resolve(
            explicit: stateDirectory, environment: environment, home: environment["HOME"])
        self.configuration = configuration
        self.configPath = configPath
        systemTimeZone = SystemTimeZone.identifier()
        self.environment = environment
    }
}

/// The daemon as a service: listens until graceful shutdown (SIGTERM, SIGINT),
/// re-reads its config on SIGHUP, then stops accepting, ends what is open and exits.
public struct Daemon: Service {
    public let options: DaemonOptions
    public let logger: Logger

    public init(options: DaemonOptions, logger: Logger) {
        self.options = options
        self.logger = logger
    }

    public func run() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let notifier = SystemdNotifier(environment: options.environment)
        let (losses, lossReported) = AsyncStream<StateLoss>.makeStream()
        let activated: SocketActivation.Activated?
        let core: NIOLoopBound<DaemonCore>
        let server: Listener
        do {
            activated = try SocketActivation.adopt(environment: options.environment)
            core = try await startCore(on: loop, notifier: notifier, onStateLoss: { lossReported.yield($0) })
            server = try await listen(group: group, core: core, activated: activated)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let listeningOn = activated.map { "\($0.path) (from systemd)" } ?? options.socketPath
        logger.notice("pickerd \(PickerdVersion.current) listening on \(listeningOn)")
        let reloads = await reloadOnHangup(core, on: loop)
        try await loop.submit { core.value.announceReady() }.get()
        pingWatchdog(from: loop, notifier: notifier)

        let loss = await gracefulShutdownOrStateLoss(losses)
        if loss == nil { logger.notice("shutting down") }
        notifier.stopping()
        reloads.cancel()
        await server.close()
        if activated == nil { unlink(options.socketPath) }
        if let loss {
            // Nothing more is answered or saved: what was not stored was never acknowledged.
            try? await group.shutdownGracefully()
            throw loss
        }
        try? await loop.submit { core.value.shutdown() }.get()
        await letLastAnswersGo(core, on: loop)
        // Ending the last windows commits too, and that may fail as well.
        let lostWhileStopping = try? await loop.submit { core.value.turns.stateLoss }.get()
        try await group.shutdownGracefully()
        if let loss = lostWhileStopping ?? nil { throw loss }
    }

    // MARK: the steps of run

    /// The core on its loop, with the state restored.
    private func startCore(
        on loop: any EventLoop, notifier: SystemdNotifier, onStateLoss: @escaping @Sendable (StateLoss) -> Void
    ) async throws -> NIOLoopBound<DaemonCore> {
        let options = options
        let logger = logger
        let store = try Self.openStore(options)
        return try await loop.submit {
            let core = try DaemonCore(
                eventLoop: loop, configuration: options.configuration, configPath: options.configPath,
                systemTimeZone: options.systemTimeZone, daemonUID: getuid(), clock: SystemClock(), store: store,
                notifier: notifier, logger: logger, offLoop: { work in Task.detached { work() } })
            core.turns.onStateLoss = onStateLoss
            if let path = options.environment["PICKERD_LOOP_PROBE"], let probe = LoopProbe(path: path) {
                core.loopProbe = probe
                probe.start(on: loop)
            }
            try core.restore()
            // The restore commits what it changed; if that failed, never listen.
            if let loss = core.turns.stateLoss { throw loss }
            return NIOLoopBound(core, eventLoop: loop)
        }.get()
    }

    /// Where connections come from: a socket bound here and served by NIO, or
    /// systemd's socket, accepted on as it is (`AdoptedSocketAcceptor`).
    private enum Listener {
        case bound(any Channel)
        case adopted(AdoptedSocketAcceptor)

        func close() async {
            switch self {
            case .bound(let channel): try? await channel.close()
            case .adopted(let acceptor): await acceptor.close()
            }
        }
    }

    /// The listening socket: systemd's, or bound at the configured path.
    private func listen(
        group: MultiThreadedEventLoopGroup, core: NIOLoopBound<DaemonCore>, activated: SocketActivation.Activated?
    ) async throws -> Listener {
        if let activated {
            // systemd owns this socket: it is used as it is, never listened on again, and never unlinked.
            let connections = ClientBootstrap(group: group)
                .channelOption(.allowRemoteHalfClosure, value: true)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try core.value.addConnectionHandlers(to: channel.pipeline.syncOperations)
                    }
                }
            let logger = logger
            // ClientBootstrap is not Sendable, but it is only read here: each
            // connection is set up from its configuration on the event loop.
            nonisolated(unsafe) let bootstrap = connections
            return .adopted(
                try AdoptedSocketAcceptor(descriptor: activated.descriptor, eventLoop: group.next()) { connection in
                    bootstrap.withConnectedSocket(connection).whenFailure { error in
                        logger.warning("a connection could not be served: \(error)")
                    }
                })
        }
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.backlog, value: 4096)
            // Out of file descriptors (EMFILE), accepting waits a moment instead
            // of retrying at once: the listening socket stays readable, so
            // without this the loop would spin until a descriptor frees up.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(
                        AcceptBackoffHandler(shouldForwardIOErrorCaught: false) { _ in .milliseconds(100) })
                }
            }
            // A peer that sends its requests and shuts down its side (socat, nc -N)
            // still gets its answers, which wait for the turn's commit.
            .childChannelOption(.allowRemoteHalfClosure, value: true)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try core.value.addConnectionHandlers(to: channel.pipeline.syncOperations)
                }
            }
        let configuration = options.configuration
        try SocketPreparation.prepare(path: options.socketPath, directoryMode: configuration.socketDirectoryMode)
        // The socket accepts connections from the moment it is bound, so it is
        // created with its mode rather than given it afterwards.
        let previousMask = umask(mode_t(~configuration.socketMode & 0o777))
        defer { umask(previousMask) }
        let server = try await bootstrap.bind(unixDomainSocketPath: options.socketPath).get()
        try SocketPreparation.setMode(of: options.socketPath, to: configuration.socketMode)
        return .bound(server)
    }

    /// SIGHUP re-reads the config from here on (READY=1 may bring one at once).
    private func reloadOnHangup(_ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop) async -> Task<Void, Never> {
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let logger = logger
        return Task {
            for await _ in hangups {
                logger.info("SIGHUP: reloading the config")
                try? await loop.submit { core.value.reload() }.get()
            }
        }
    }

    /// Pings systemd's watchdog from the event loop itself, so a stuck loop stops the pings.
    private func pingWatchdog(from loop: any EventLoop, notifier: SystemdNotifier) {
        guard let interval = SystemdNotifier.watchdogInterval(environment: options.environment) else { return }
        loop.scheduleRepeatedTask(initialDelay: .zero, delay: .microseconds(interval)) { _ in notifier.watchdog() }
    }

    /// Waits for SIGTERM or SIGINT, or for the core to lose its state (which it reports).
    private func gracefulShutdownOrStateLoss(_ losses: AsyncStream<StateLoss>) async -> StateLoss? {
        await withTaskGroup(of: StateLoss?.self) { tasks in
            tasks.addTask {
                try? await gracefulShutdown()
                return nil
            }
            tasks.addTask {
                for await loss in losses { return loss }
                return nil
            }
            let first = await tasks.next() ?? nil
            tasks.cancelAll()
            return first
        }
    }

    /// Gives the last answers a moment to reach their clients.
    private func letLastAnswersGo(_ core: NIOLoopBound<DaemonCore>, on loop: any EventLoop) async {
        for _ in 0..<100 {
            guard let open = try? await loop.submit({ core.value.connections.count }).get(), open > 0 else { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    private static func openStore(_ options: DaemonOptions) throws -> any StateStore {
        switch options.configuration.durability {
        case .memory:
            return MemoryStateStore()
        case .durable:
            guard let given = options.stateDirectory else { throw StateLocation.noDirectory }
            let directory = try StateLocation.prepare(given, environment: options.environment)
            return try SQLiteStateStore(
                directory: directory, retentionMilliseconds: options.configuration.retentionMilliseconds)
        }
    }
}
