import PickerClient
import PickerJSON
import PickerProtocol
import ServiceLifecycle

/// pickerweb's one connection to pickerd: it follows the daemon's events,
/// tells every open page what changed, reads the state for a page, and
/// passes on a page's answers. When pickerd goes away it says so and connects
/// again, as `pickerctl ui` does.
public actor DaemonBridge: Service {
    private let socketPath: String?
    private var client: PickerClient?
    /// Why there is no connection, while there is none.
    private var problem: String? = "connecting to pickerd…"
    private var lastSeq: UInt64 = 0
    private var pages: [Int: AsyncStream<StreamMessage>.Continuation] = [:]
    private var nextPage = 0
    private var isStopping = false

    public init(socketPath: String?) {
        self.socketPath = socketPath
    }

    // MARK: the connection

    public func run() async {
        for await following in PickerClient.following(socketPath: socketPath, client: "pickerweb")
            .cancelOnGracefulShutdown()
        {
            switch following {
            case .connected(let client):
                self.client = client
                problem = nil
                broadcast(.daemon(connected: true))
            case .event(let event):
                lastSeq = event.seq
                broadcast(.change(seq: event.seq, type: event.type, window: event.window))
            case .disconnected(let reason):
                let wasConnected = client != nil
                client = nil
                problem = reason
                if wasConnected { broadcast(.daemon(connected: false)) }
            }
        }
        stop()
    }

    private func stop() {
        isStopping = true
        client?.close()
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
        continuation.yield(.sync(seq: lastSeq))
        if client == nil { continuation.yield(.daemon(connected: false)) }
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
        guard let client else { return WebState.disconnected(reason: problem ?? "not connected") }
        do {
            // A window that ends between `list` and `get` is shown without its details.
            let snapshot = try await client.snapshot(contents: .all)
            let details = snapshot.windows.map { snapshot.details(of: $0.window) }
            return WebState.connected(
                list: snapshot.list, details: details, quiet: snapshot.quiet, waiting: snapshot.waitingWindows,
                now: .now())
        } catch {
            return WebState.disconnected(reason: "\(error)")
        }
    }

    func update(window: WindowID, value: JSON) async throws(WebError) -> JSON {
        let summary = try await call { client throws(PickerClientError) in
            try await client.update(window: window, value: value)
        }
        return .object(JSONObject([WireName.window: summary.json]))
    }

    func submit(window: WindowID, value: JSON) async throws(WebError) -> JSON {
        let outcome = try await call { client throws(PickerClientError) in
            try await client.submit(window: window, value: value)
        }
        return .object(JSONObject([WireName.outcome: outcome.json]))
    }

    func cancel(window: WindowID) async throws(WebError) -> JSON {
        let outcome = try await call { client throws(PickerClientError) in try await client.cancel(window: window) }
        return .object(JSONObject([WireName.outcome: outcome.json]))
    }

    /// A file window's directory, listed by its asker (`browse`).
    func browse(window: WindowID, path: String) async throws(WebError) -> JSON {
        try await call { client throws(PickerClientError) in
            try await client.send(Browse(window: window, path: path)).json
        }
    }

    func raise(window: WindowID) async throws(WebError) -> JSON {
        let summary = try await call { client throws(PickerClientError) in try await client.raise(window: window) }
        return .object(JSONObject([WireName.window: summary.json]))
    }

    private func call<Result: Sendable>(
        _ body: (PickerClient) async throws(PickerClientError) -> Result
    ) async throws(WebError) -> Result {
        guard let client else { throw WebError(.serviceUnavailable, problem ?? "pickerd is not connected") }
        do {
            return try await body(client)
        } catch {
            throw WebError(daemonError: error)
        }
    }
}
