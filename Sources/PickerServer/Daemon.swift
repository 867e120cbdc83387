import Logging
import NIOCore
import NIOPosix
import PickerCore
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

    public init(
        socketPath: String, stateDirectory: String?, configuration: DaemonConfiguration, configPath: String?,
        systemTimeZone: String, environment: [String: String] = [:]
    ) {
        self.environment = environment
        self.socketPath = socketPath
        self.stateDirectory = stateDirectory
        self.configuration = configuration
        self.configPath = configPath
        self.systemTimeZone = systemTimeZone
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
        let options = options
        let logger = logger
        let notifier = SystemdNotifier(environment: options.environment)
        let store: any StateStore
        let activated: SocketActivation.Activated?
        do {
            activated = try SocketActivation.adopt(environment: options.environment)
            store = try Self.openStore(options)
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let core = try await loop.submit {
            let core = try DaemonCore(
                eventLoop: loop, configuration: options.configuration, configPath: options.configPath,
                systemTimeZone: options.systemTimeZone, daemonUID: getuid(), clock: SystemClock(), store: store,
                notifier: notifier, logger: logger, offLoop: { work in Task.detached { work() } })
            try core.restore()
            return NIOLoopBound(core, eventLoop: loop)
        }.get()

        let server: any Channel
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
                    let connection = core.value.makeConnection()
                    try channel.pipeline.syncOperations.addHandler(connection)
                }
            }
        do {
            if let activated {
                // systemd owns this socket: it is used as it is and never unlinked.
                server = try await bootstrap.withBoundSocket(activated.descriptor).get()
            } else {
                try SocketPreparation.prepare(
                    path: options.socketPath, directoryMode: options.configuration.socketDirectoryMode)
                // The socket accepts connections from the moment it is bound, so it is
                // created with its mode rather than given it afterwards.
                let previousMask = umask(mode_t(~options.configuration.socketMode & 0o777))
                defer { umask(previousMask) }
                server = try await bootstrap.bind(unixDomainSocketPath: options.socketPath).get()
                try SocketPreparation.setMode(of: options.socketPath, to: options.configuration.socketMode)
            }
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
        let listeningOn = activated.map { "\($0.path) (from systemd)" } ?? options.socketPath
        logger.notice("pickerd \(PickerdVersion.current) listening on \(listeningOn)")
        // SIGHUP is handled from here on; READY=1 may bring a reload at once.
        let hangups = await UnixSignalsSequence(trapping: .sighup)
        let reloads = Task {
            for await _ in hangups {
                logger.info("SIGHUP: reloading the config")
                try? await loop.submit { core.value.reload() }.get()
            }
        }
        try await loop.submit { core.value.announceReady() }.get()
        if let interval = SystemdNotifier.watchdogInterval(environment: options.environment) {
            // Pinged from the event loop itself, so a stuck loop stops the pings.
            loop.scheduleRepeatedTask(initialDelay: .zero, delay: .microseconds(interval)) { _ in notifier.watchdog() }
        }

        try? await gracefulShutdown()

        logger.notice("shutting down")
        notifier.stopping()
        reloads.cancel()
        try? await server.close()
        if activated == nil { unlink(options.socketPath) }
        try? await loop.submit { core.value.shutdown() }.get()
        // Give the last answers a moment to reach their clients.
        for _ in 0..<100 {
            let open = try await loop.submit { core.value.connections.count }.get()
            if open == 0 { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        try await group.shutdownGracefully()
    }

    private static func openStore(_ options: DaemonOptions) throws -> any StateStore {
        switch options.configuration.durability {
        case .memory:
            return MemoryStateStore()
        case .durable:
            guard let directory = options.stateDirectory else { throw StateLocation.noDirectory }
            try StateLocation.create(directory)
            return try SQLiteStateStore(
                directory: directory, retentionMilliseconds: options.configuration.retentionMilliseconds)
        }
    }
}
