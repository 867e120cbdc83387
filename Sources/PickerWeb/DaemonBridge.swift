import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem
import ServiceLifecycle

/// pickerweb's connections to pickerd: it follows the daemon's events,
/// tells every open page what changed, reads the state for a page, and
/// passes on a page's answers. When pickerd goes away it says so and connects
/// again, as `pickerctl ui` does.
///
/// With several hosts (`pickerctl web --host local --host ssh://build-7`) it
/// follows each on a connection of its own and shows their merged stack
/// (`MultiHostStack`): ids qualified by host, each answer sent to the daemon
/// that asked. A host that goes away takes only its own windows with it.
public actor DaemonBridge: Service {
    /// Each host as `--host` gives it (nil: the usual places).
    private let hosts: [String?]
    /// The connection to each host followed now, by its index in `hosts`.
    private var clients: [Int: PickerClient] = [:]
    /// Why a host has no connection, while it has none.
    private var problems: [Int: String]
    private var stack: MultiHostStack
    /// The hosts whose last read timed out: read again with a short timeout
    /// for their first answer (`stalledReadTimeout`) until one answers or
    /// says something. Each has a probe waiting for its next answer, which
    /// tells the pages it is back.
    private var stalled: Set<Int> = []
    /// How long a host may send nothing during a read (see `readTimeout`).
    private let readTimeout: Duration
    /// The number of the last read started, and of the one applied to each host's
    /// windows: a page's older read that ends last never replaces a newer one.
    private var readsStarted: UInt64 = 0
    private var readApplied: [Int: UInt64] = [:]
    /// With one host only: the last event's `seq`. Several daemons' `seq`s are
    /// not one sequence, so with several hosts the stream carries no `id`.
    private var lastSeq: UInt64 = 0
    private var pages: [Int: AsyncStream<StreamMessage>.Continuation] = [:]
    private var nextPage = 0
    private var isStopping = false

    public init(socketPath: String?) {
        self.init(hosts: [socketPath])
    }

    /// Follows each of `hosts` (`local`, a socket path, `ssh://…`; nil for the usual places).
    /// `readTimeout`: see `DaemonBridge.readTimeout` (shorter in tests).
    public init(hosts: [String?], readTimeout: Duration = DaemonBridge.readTimeout) {
        self.hosts = hosts
        self.readTimeout = readTimeout
        problems = Dictionary(uniqueKeysWithValues: hosts.indices.map { ($0, "connecting to pickerd…") })
        stack = MultiHostStack(addresses: hosts.map { $0 ?? DaemonAddress.localName }, labelsTitles: false)
    }

    // MARK: the connections

    public func run() async {
        // One following each: a host retried never holds up another.
        await withDiscardingTaskGroup { group in
            for (host, address) in hosts.enumerated() {
                group.addTask {
                    for await following in PickerClient.following(socketPath: address, client: "pickerweb")
                        .cancelOnGracefulShutdown()
                    {
                        await self.follow(host, following)
                    }
                }
            }
        }
        stop()
    }

    private func follow(_ host: Int, _ following: Following) {
        switch following {
        case .connected(let client):
            clients[host] = client
            problems[host] = nil
            stalled.remove(host)
            broadcast(
                stack.isQualified ? .host(label: stack.hosts[host].label, connected: true) : .daemon(connected: true))
        case .event(let event):
            stalled.remove(host)
            lastSeq = event.seq
            broadcast(
                .change(
                    seq: stack.isQualified ? nil : event.seq, type: event.type,
                    window: event.window.map { stack.qualified($0, of: host) }))
        case .disconnected(let reason):
            let wasConnected = clients[host] != nil
            clients[host] = nil
            problems[host] = reason
            stalled.remove(host)
            // Said once while the host is retried; its windows leave the page.
            guard stack.lose(host: host, because: reason) || wasConnected else { return }
            broadcast(
                stack.isQualified ? .host(label: stack.hosts[host].label, connected: false) : .daemon(connected: false))
        }
    }

    private func stop() {
        isStopping = true
        for client in clients.values { client.close() }
        for page in pages.values { page.finish() }
        pages.removeAll()
    }

    // MARK: pages

    /// The messages for one page's event stream, starting with `sync`; it ends
    /// when pickerweb stops. A page that reads slowly misses older messages,
    /// never the newest, and reads the state again on any of them.
    func messages() -> AsyncStream<StreamMessage> {
        let (stream, continuation) = AsyncStream<StreamMessage>.makeStream(bufferingPolicy: .bufferingNewest(64))
        guard !isStopping else {
            continuation.finish()
            return stream
        }
        let page = nextPage
        nextPage += 1
        pages[page] = continuation
        continuation.onTermination = { _ in Task { await self.forget(page) } }
        continuation.yield(.sync(seq: stack.isQualified ? nil : lastSeq))
        if clients.isEmpty { continuation.yield(.daemon(connected: false)) }
        return stream
    }

    private func forget(_ page: Int) {
        pages[page] = nil
    }

    private func broadcast(_ message: StreamMessage) {
        for page in pages.values { page.yield(message) }
    }

    var openPages: Int { pages.count }

    // MARK: what a page reads and does

    /// The stack, top first, each window with what `get` says of it (docs/web.md, "State").
    func state() async -> JSON {
        guard !clients.isEmpty else { return WebState.disconnected(reason: problemSentence) }
        // Every host at once: the page waits for the slowest read, not their sum.
        // One host alone is waited for however slow it is (nothing else to draw).
        let reads = await withTaskGroup(of: HostRead.self) { group in
            for (host, client) in clients {
                readsStarted += 1
                let (number, idle) = (readsStarted, stack.isQualified ? readTimeout : nil)
                let first = stalled.contains(host) ? min(Self.stalledReadTimeout, readTimeout) : idle
                group.addTask { (host, client, number, await Self.read(client, firstAnswer: first, idle: idle)) }
            }
            var reads: [HostRead] = []
            for await read in group { reads.append(read) }
            return reads
        }
        // In the order of the --hosts, not of the answers: windows first seen
        // in one read are ordered alike each time (MultiHostStack's order).
        for (host, client, number, read) in reads.sorted(by: { $0.host < $1.host })
        where clients[host] === client && number > readApplied[host, default: 0] {
            readApplied[host] = number
            let problem: String
            switch read {
            case .success(let snapshot)?:
                answered(host, on: client)
                stack.update(host: host, snapshot: snapshot)
                continue
            case .failure(let error)?: problem = "\(error)"
            case nil:
                problem = "it does not answer, though its connection is open"
                if stalled.insert(host).inserted { probe(host, on: client) }
            }
            guard stack.isQualified else { return WebState.disconnected(reason: problem) }
            // Said on the stream, so that every page shows it (and reads again while it is away).
            if stack.lose(host: host, because: problem) {
                broadcast(.host(label: stack.hosts[host].label, connected: false))
            }
        }
        return WebState.connected(stack, now: .now())
    }

    /// Waits, without a timeout, for the next answer of a host whose read
    /// timed out; then tells the pages it is back, and they read it again.
    private func probe(_ host: Int, on client: PickerClient) {
        Task {
            do throws(PickerClientError) {
                _ = try await client.list()
            } catch .rpc {
                // Refused is an answer too.
            } catch {
                return  // the connection is lost: `follow` says that
            }
            await self.answered(host, on: client)
        }
    }

    /// `host` answered on `client`: if it was stalled, it is back.
    private func answered(_ host: Int, on client: PickerClient) {
        guard clients[host] === client, stalled.remove(host) != nil else { return }
        broadcast(.host(label: stack.hosts[host].label, connected: true))
    }

    /// With several hosts, how long a host may send nothing while its stack
    /// is read before the page is drawn without it: a host whose connection
    /// hangs (a network gone quiet, a stopped daemon) holds up no other
    /// host's windows. Each answer starts the wait again, so a far host that
    /// answers slowly (many windows, each `get` a round trip) is waited for.
    public static let readTimeout: Duration = .seconds(5)
    /// The wait for the first answer of a host whose last read timed out, so
    /// that each page refresh waits for it only this long while it still hangs.
    static let stalledReadTimeout: Duration = .milliseconds(500)

    /// `client`'s stack, or why it could not be read; nil when it sent
    /// nothing for `firstAnswer`, then for `idle` between two answers
    /// (nil: waited for however long).
    private static func read(_ client: PickerClient, firstAnswer: Duration?, idle: Duration?) async -> Result<
        StackSnapshot, PickerClientError
    >? {
        let lastAnswer = Locked(ContinuousClock.now)
        return await withTaskGroup(of: Result<StackSnapshot, PickerClientError>?.self) { race in
            race.addTask {
                do throws(PickerClientError) {
                    // A window that ends between `list` and `get` is shown without its details.
                    return .success(
                        try await client.snapshot(contents: .all) { lastAnswer.withLock { $0 = .now } })
                } catch {
                    return .failure(error)
                }
            }
            if let firstAnswer, let idle {
                race.addTask {
                    var wait = firstAnswer
                    var since = lastAnswer.withLock { $0 }
                    while (try? await Task.sleep(until: since + wait)) != nil {
                        let last = lastAnswer.withLock { $0 }
                        guard last > since else { return nil }  // nothing since: it does not answer
                        (since, wait) = (last, idle)
                    }
                    return nil  // cancelled: the read ended first
                }
            }
            // The first to end wins; the other is cancelled (a read cancelled fails at once).
            let first = await race.next() ?? nil
            race.cancelAll()
            return first
        }
    }

    /// One host's stack as read, or why it could not be (nil: it did not
    /// answer in time), on the connection it was read from.
    private typealias HostRead = (
        host: Int, client: PickerClient, number: UInt64, Result<StackSnapshot, PickerClientError>?
    )

    /// Why no host can be read: the one host's reason, or each host's.
    private var problemSentence: String {
        guard stack.isQualified else { return problems[0] ?? "not connected" }
        return hosts.indices.map { "\(stack.hosts[$0].label): \(problems[$0] ?? "not connected")" }.joined(
            separator: "; ")
    }

    func update(window: WindowID, value: JSON) async throws(WebError) -> JSON {
        var summary = try await call(window) { client, window throws(PickerClientError) in
            try await client.update(window: window, value: value)
        }
        summary.window = window  // as the page names it
        return .object(JSONObject([WireName.window: summary.json]))
    }

    func submit(window: WindowID, value: JSON) async throws(WebError) -> JSON {
        var outcome = try await call(window) { client, window throws(PickerClientError) in
            try await client.submit(window: window, value: value)
        }
        outcome.window = window
        return .object(JSONObject([WireName.outcome: outcome.json]))
    }

    func cancel(window: WindowID) async throws(WebError) -> JSON {
        var outcome = try await call(window) { client, window throws(PickerClientError) in
            try await client.cancel(window: window)
        }
        outcome.window = window
        return .object(JSONObject([WireName.outcome: outcome.json]))
    }

    /// A file window's directory, listed by its asker (`browse`).
    func browse(window: WindowID, path: String) async throws(WebError) -> JSON {
        try await call(window) { client, window throws(PickerClientError) in
            try await client.send(Browse(window: window, path: path)).json
        }
    }

    func raise(window: WindowID) async throws(WebError) -> JSON {
        var summary = try await call(window) { client, window throws(PickerClientError) in
            try await client.raise(window: window)
        }
        // Raised on its own host, it comes forward across hosts too (as Ctrl-N in `ui`).
        if stack.isQualified { stack.bringForward(window) }
        summary.window = window  // as the page names it
        return .object(JSONObject([WireName.window: summary.json]))
    }

    /// `body` on the daemon that asked `window` (as the page names it), with the id that daemon knows.
    private func call<Result: Sendable>(
        _ window: WindowID, _ body: (PickerClient, WindowID) async throws(PickerClientError) -> Result
    ) async throws(WebError) -> Result {
        guard let (host, id) = stack.locate(window) else {
            throw WebError(.notFound, "no window waiting here has that id")
        }
        guard let client = clients[host] else {
            throw WebError(.serviceUnavailable, problems[host] ?? "pickerd is not connected")
        }
        do {
            return try await body(client, id)
        } catch {
            throw WebError(daemonError: error)
        }
    }
}
