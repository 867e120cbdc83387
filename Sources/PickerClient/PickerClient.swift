import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A connection to pickerd with a typed async call for every method.
///
/// ```swift
/// let client = try PickerClient.connect()
/// let outcome = try await client.presentAndWait(Presentation(kind: "date", title: "Deploy date"))
/// ```
public final class PickerClient: Sendable {
    private let connection: ClientConnection

    public var socketPath: String { connection.socketPath }

    private init(connection: ClientConnection) {
        self.connection = connection
    }

    /// Connects to `socketPath`, or to the first of `$PICKERD_SOCKET`,
    /// `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`, `/tmp/pickerd-$UID/pickerd.sock`.
    ///
    /// The daemon must run as this user, root, a uid in `trustedUIDs` or
    /// `$PICKERD_TRUST_UID`, or the owner of a socket directory that root made
    /// for it; otherwise it throws `.untrustedServer` and sends nothing.
    public static func connect(socketPath: String? = nil, trustedUIDs: [UInt32] = []) throws(PickerClientError) -> PickerClient {
        var environment: [String: String] = [:]
        for name in ["PICKERD_SOCKET", "XDG_RUNTIME_DIR", "PICKERD_TRUST_UID"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let path = SocketLocation.resolve(explicit: socketPath, environment: environment, uid: getuid())
        let trusted = trustedUIDs + ServerTrust.namedUIDs(environment["PICKERD_TRUST_UID"])
        return PickerClient(connection: try ClientConnection(socketPath: path, trusting: trusted))
    }

    /// Closes the connection; calls still waiting fail with `.disconnected`.
    public func close() {
        connection.shutdown()
    }

    /// Any method, untyped: the result, or the daemon's error as `.rpc`.
    public func call(_ method: String, _ params: JSONObject = JSONObject()) async throws(PickerClientError) -> JSON {
        try await connection.call(method, params)
    }

    // MARK: asking

    public func hello(client: String? = nil) async throws(PickerClientError) -> JSON {
        var params: JSONObject = ["protocol": .integer(PickerProtocolVersion.current)]
        if let client { params["client"] = .string(client) }
        return try await call("hello", params)
    }

    public func ping() async throws(PickerClientError) {
        _ = try await call("ping")
    }

    /// Each kind's summary and the JSON Schemas of its options and value.
    public func plugins() async throws(PickerClientError) -> [JSON] {
        try await call("plugins").arrayValue ?? []
    }

    /// Presents a window and returns at once.
    public func present(_ presentation: Presentation) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("present", presentation.params(wait: false)))
    }

    /// Presents a window and returns its outcome once it ends.
    public func presentAndWait(_ presentation: Presentation) async throws(PickerClientError) -> Outcome {
        try outcome(await call("present", presentation.params(wait: true)))
    }

    /// The window's outcome once it ends (at once when it has ended already).
    public func wait(window: String, timeoutMilliseconds: Int64? = nil) async throws(PickerClientError) -> Outcome {
        var params: JSONObject = ["window": .string(window)]
        if let timeoutMilliseconds { params["timeout_ms"] = .integer(timeoutMilliseconds) }
        return try outcome(await call("wait", params))
    }

    // MARK: answering

    /// Sets the live selection of a window (the key window when nil).
    public func update(window: String? = nil, value: JSON) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("update", windowParams(window, ["value": value])))
    }

    public func submit(window: String? = nil, value: JSON) async throws(PickerClientError) -> Outcome {
        try outcome(await call("submit", windowParams(window, ["value": value])))
    }

    public func cancel(window: String? = nil) async throws(PickerClientError) -> Outcome {
        try outcome(await call("cancel", windowParams(window, [:])))
    }

    // MARK: managing

    public func dismiss(window: String) async throws(PickerClientError) -> [String] {
        try dismissed(await call("dismiss", ["window": .string(window)]))
    }

    public func dismissAll() async throws(PickerClientError) -> [String] {
        try dismissed(await call("dismiss", ["all": true]))
    }

    public func dismiss(level: LevelSpec) async throws(PickerClientError) -> [String] {
        try dismissed(await call("dismiss", ["level": level.json]))
    }

    public func raise(window: String) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("raise", ["window": .string(window)]))
    }

    public func lower(window: String) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("lower", ["window": .string(window)]))
    }

    public func hide(window: String) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("hide", ["window": .string(window)]))
    }

    public func show(window: String) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("show", ["window": .string(window)]))
    }

    public func setLevel(window: String, to level: LevelSpec) async throws(PickerClientError) -> WindowSummary {
        try summary(await call("set_level", ["window": .string(window), "level": level.json]))
    }

    // MARK: looking

    public func list(includeHidden: Bool = true, level: LevelSpec? = nil) async throws(PickerClientError) -> WindowList {
        var params: JSONObject = ["include_hidden": .bool(includeHidden)]
        if let level { params["level"] = level.json }
        let result = try await call("list", params)
        guard let windows = result["windows"]?.arrayValue else { throw .protocolViolation("list without windows") }
        return WindowList(key: result["key"]?.stringValue, windows: try windows.map { (json) throws(PickerClientError) in try summary(json) })
    }

    /// The window's summary plus title, message, options, live value, owner.
    public func get(window: String) async throws(PickerClientError) -> JSON {
        try await call("get", ["window": .string(window)])
    }

    public func history(limit: Int = 50, window: String? = nil) async throws(PickerClientError) -> [Outcome] {
        var params: JSONObject = ["limit": .integer(Int64(limit))]
        if let window { params["window"] = .string(window) }
        let result = try await call("history", params)
        return try (result["outcomes"]?.arrayValue ?? []).map { (json) throws(PickerClientError) in try outcome(json) }
    }

    public func status() async throws(PickerClientError) -> JSON {
        try await call("status")
    }

    public func reload() async throws(PickerClientError) {
        _ = try await call("reload")
    }

    /// Events from now on, filtered by type prefix (`window.`) and window id.
    public func subscribe(events: [String] = [], windows: [String] = []) async throws(PickerClientError) -> EventSubscription {
        let (stream, continuation) = AsyncStream<ClientEvent>.makeStream(bufferingPolicy: .unbounded)
        var params = JSONObject()
        if !events.isEmpty { params["events"] = .array(events.map(JSON.string)) }
        if !windows.isEmpty { params["windows"] = .array(windows.map(JSON.string)) }
        let result = try await connection.call("subscribe", params, stream: continuation)
        guard let id = result["subscription"]?.stringValue else { throw .protocolViolation("subscribe without an id") }
        return EventSubscription(id: id, stream: stream)
    }

    public func unsubscribe(_ subscription: EventSubscription) async throws(PickerClientError) {
        _ = try await call("unsubscribe", ["subscription": .string(subscription.id)])
        connection.stopStream(subscription.id)
    }

    // MARK: reading results

    private func windowParams(_ window: String?, _ params: JSONObject) -> JSONObject {
        var params = params
        if let window { params["window"] = .string(window) }
        return params
    }

    private func summary(_ json: JSON) throws(PickerClientError) -> WindowSummary {
        guard let summary = WindowSummary(json: json) else { throw .protocolViolation("not a window summary: \(json)") }
        return summary
    }

    private func outcome(_ json: JSON) throws(PickerClientError) -> Outcome {
        guard let outcome = Outcome(json: json) else { throw .protocolViolation("not an outcome: \(json)") }
        return outcome
    }

    private func dismissed(_ json: JSON) throws(PickerClientError) -> [String] {
        guard let ids = json["dismissed"]?.arrayValue?.compactMap(\.stringValue) else {
            throw .protocolViolation("dismiss without dismissed ids")
        }
        return ids
    }
}
