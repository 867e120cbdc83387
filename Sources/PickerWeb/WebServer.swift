import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import PickerProtocol
import ServiceLifecycle
import UnixSignals

/// pickerweb: the page's HTTP server and its bridge to pickerd, run together
/// until SIGINT or SIGTERM.
public struct WebServer: Sendable {
    /// The daemons followed (`local`, a socket path, `ssh://…`; nil for the usual places).
    public let hosts: [String?]
    public let address: ListenAddress
    public let secrets: SessionSecrets
    /// At most this many HTTP connections at once: open pages hold one each
    /// for their event stream. Past it Hummingbird accepts no more until one
    /// closes (the next wait in the kernel's backlog).
    public static let connectionLimit = 128
    /// How many of them a peer other than the person may hold, each and all
    /// together (`ConnectionShares`): the person always has the other half.
    static let eachStrangerLimit = 8
    static let strangersLimit = 64
    /// A connection with no request under way for this long is closed, so
    /// idle connections cannot hold every place (an event stream is never idle).
    public static let idleTimeout: TimeAmount = .seconds(30)

    public init(socketPath: String?, address: ListenAddress, secrets: SessionSecrets = SessionSecrets()) {
        self.init(hosts: [socketPath], address: address, secrets: secrets)
    }

    /// Follows every one of `hosts` and shows their merged stack.
    public init(hosts: [String?], address: ListenAddress, secrets: SessionSecrets = SessionSecrets()) {
        self.hosts = hosts
        self.address = address
        self.secrets = secrets
    }

    /// The URL that opens the page, token included (in the fragment).
    public func url(port: Int) -> String {
        "http://\(address.urlHost):\(port)/#token=\(secrets.token)"
    }

    /// Runs until a signal ends it; `ready` is called with the URL once it listens.
    public func run(logger: Logger, ready: @escaping @Sendable (String) async -> Void) async throws {
        let bridge = DaemonBridge(hosts: hosts)
        let origins = AllowedOrigins()
        let router = WebRoutes.router(bridge: bridge, origins: origins, secrets: secrets)
        let address = address
        let server = self
        let shares = ConnectionShares(eachStrangerLimit: Self.eachStrangerLimit, strangersLimit: Self.strangersLimit)
        var app = Application(
            router: router,
            server: .http1(
                configuration: .init(
                    additionalChannelHandlers: [ConnectionShareHandler(shares: shares)], idleTimeout: Self.idleTimeout)),
            configuration: ApplicationConfiguration(
                address: .hostname(address.host, port: address.port), serverName: nil,
                availableConnectionsDelegate: MaximumAvailableConnections(Self.connectionLimit)),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? address.port
                origins.bound(address, port: port)
                await ready(server.url(port: port))
            },
            logger: logger)
        app.addServices(bridge)
        // The signals are trapped before the server starts, so a SIGTERM sent as
        // soon as the URL is printed stops it gracefully too (ServiceGroup's own
        // trapping starts beside the services, and may come after).
        let signals = await UnixSignalsSequence(trapping: .sigterm, .sigint)
        let group = ServiceGroup(configuration: .init(services: [app], logger: logger))
        try await withThrowingDiscardingTaskGroup { tasks in
            tasks.addTask {
                for await _ in signals {
                    await group.triggerGracefulShutdown()
                    return
                }
            }
            try await group.run()
            tasks.cancelAll()
        }
    }
}
