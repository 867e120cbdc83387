import PickerJSON
import PickerProtocol

/// A connection to pickerd with a typed async call for every method.
///
/// ```swift
/// let client = try PickerClient.connect()
/// let day = try await client.askDate(title: "Deploy date")     // a CivilDate
/// let outcome = try await client.presentAndWait(Presentation(kind: BuiltInKind.date.rawValue, title: "Deploy date"))
/// ```
///
/// Every call honours task cancellation: a cancelled call returns at once
/// with `.cancelled`, and what it asked for is withdrawn (see `present`,
/// `presentAndWait`, `wait`).
public final class PickerClient: Sendable {
    private let connection: ClientConnection
    /// Who else it trusts to run pickerd, for connecting again (`outcomeSurvivingRestarts`).
    let trustedUIDs: [UInt32]

    public var socketPath: String { connection.socketPath }

    private init(connection: ClientConnection, trustedUIDs: [UInt32]) {
        self.connection = connection
        self.trustedUIDs = trustedUIDs
    }

    /// Connects to `socketPath`, or to the first of `$PICKERD_HOST`,
    /// `$PICKERD_SOCKET`, `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`,
    /// `/tmp/pickerd-$UID/pickerd.sock`. `socketPath` and `$PICKERD_HOST` may
    /// also be any `DaemonAddress`: `local`, or `ssh://[USER@]HOST[:PORT][/SOCKET]`
    /// for a daemon on another machine, reached through ssh (`SSHTunnel`).
    ///
    /// A local daemon must run as this user, root, a uid in `trustedUIDs` or
    /// `$PICKERD_TRUST_UID`, or the owner of a socket directory that root made
    /// for it; otherwise it throws `.untrustedServer` and sends nothing.
    public static func connect(socketPath: String? = nil, trustedUIDs: [UInt32] = []) throws(PickerClientError)
        -> PickerClient
    {
        PickerClient(
            connection: ClientConnection(try ClientSocket.connect(socketPath, trusting: trustedUIDs)),
            trustedUIDs: trustedUIDs)
    }

    /// Answers the daemon's own requests with `handler` from now on (nil:
    /// they are refused, as before). `pickerctl file` lists its directories
    /// this way.
    public func answerRequests(with handler: RequestHandler?) {
        connection.setRequestHandler(handler)
    }

    /// Closes the connection; calls still waiting fail with `.disconnected`.
    public func close() {
        connection.shutdown()
    }

    /// Any method, untyped: the result, or the daemon's error as `.rpc`.
    /// Cancelling the task ends it at once with `.cancelled` (every call does).
    public func call(_ method: String, _ params: JSONObject = JSONObject()) async throws(PickerClientError) -> JSON {
        try await connection.call(method, params)
    }

    /// Sends one typed request and reads its typed result.
    public func send<Method: PickerMethod>(_ method: Method) async throws(PickerClientError) -> Method.Result {
        try Method.result(from: try await connection.call(Method.name, method.params))
    }

    /// Sends one typed request and returns its result as the daemon wrote it,
    /// members the types do not know included (for printing it as JSON).
    public func sendForJSON<Method: PickerMethod>(_ method: Method) async throws(PickerClientError) -> JSON {
        try await connection.call(Method.name, method.params)
    }

    // MARK: asking

    public func hello(client: String? = nil) async throws(PickerClientError) -> HelloReply {
        try await send(Hello(client: client, protocolVersion: PickerProtocolVersion.current))
    }

    public func ping() async throws(PickerClientError) {
        _ = try await send(Ping())
    }

    /// Each kind's summary and the JSON Schemas of its options and value.
    public func plugins() async throws(PickerClientError) -> [PluginDescription] {
        try await send(Plugins())
    }

    /// Presents a window and returns at once. Cancelled before its answer
    /// came, it dismisses the window, should pickerd have opened it.
    public func present(_ presentation: Present) async throws(PickerClientError) -> WindowSummary {
        var request = presentation
        request.wait = false
        let answer = try await connection.call(Present.name, request.params) { [connection] late in
            guard let window = WindowSummary(json: late)?.window else { return }
            try? connection.notify(Dismiss.name, Dismiss(.window(window)).params)
        }
        guard case .window(let summary) = try Present.result(from: answer) else {
            throw .protocolViolation("present answered an outcome")
        }
        return summary
    }

    /// Presents a window and returns its outcome once it ends. Cancelling the
    /// task ends the call at once (`.cancelled`) and dismisses the window.
    ///
    /// It is `present`, then `wait`: the window's id is known before the
    /// wait, so a cancelled wait can say which window to dismiss.
    public func presentAndWait(_ presentation: Present) async throws(PickerClientError) -> Outcome {
        let window = try await present(presentation).window
        return try await wait(window: window, dismissingOnCancel: true)
    }

    /// The window's outcome once it ends (at once when it has ended already).
    /// Cancelling the task ends the call at once (`.cancelled`); with
    /// `dismissingOnCancel` (for a window this program presented and now
    /// gives up on) the window is dismissed too.
    public func wait(window: WindowID, timeoutMilliseconds: Int64? = nil, dismissingOnCancel: Bool = false)
        async throws(PickerClientError) -> Outcome
    {
        try await wait(window: window, timeoutMilliseconds: timeoutMilliseconds, dismissingOnCancel: dismissingOnCancel)
        {}
    }

    /// `wait`, telling `written` once the request is written: from then on
    /// this connection is the window's asker again (after a restart).
    func wait(
        window: WindowID, timeoutMilliseconds: Int64?, dismissingOnCancel: Bool,
        written: @escaping @Sendable () -> Void
    ) async throws(PickerClientError) -> Outcome {
        let method = Wait(window: window, timeoutMilliseconds: timeoutMilliseconds)
        do {
            return try Wait.result(from: try await connection.call(Wait.name, method.params, written: written))
        } catch .cancelled where dismissingOnCancel {
            // A notification: sent now, in order after the wait, with no answer to wait for.
            try? connection.notify(Dismiss.name, Dismiss(.window(window)).params)
            throw .cancelled
        }
    }

    // MARK: answering

    /// Sets the live selection of a window (the key window when nil).
    public func update(window: WindowID? = nil, value: JSON) async throws(PickerClientError) -> WindowSummary {
        try await send(Update(window: window, value: value))
    }

    public func submit(window: WindowID? = nil, value: JSON) async throws(PickerClientError) -> Outcome {
        try await send(Submit(window: window, value: value))
    }

    public func cancel(window: WindowID? = nil) async throws(PickerClientError) -> Outcome {
        try await send(Cancel(window: window))
    }

    // MARK: managing

    public func dismiss(window: WindowID) async throws(PickerClientError) -> [WindowID] {
        try await send(Dismiss(.window(window)))
    }

    public func dismissAll() async throws(PickerClientError) -> [WindowID] {
        try await send(Dismiss(.all))
    }

    public func dismiss(level: LevelSpec) async throws(PickerClientError) -> [WindowID] {
        try await send(Dismiss(.level(level)))
    }

    public func raise(window: WindowID) async throws(PickerClientError) -> WindowSummary {
        try await send(Raise(window: window))
    }

    public func lower(window: WindowID) async throws(PickerClientError) -> WindowSummary {
        try await send(Lower(window: window))
    }

    public func hide(window: WindowID) async throws(PickerClientError) -> WindowSummary {
        try await send(Hide(window: window))
    }

    public func show(window: WindowID) async throws(PickerClientError) -> WindowSummary {
        try await send(Show(window: window))
    }

    public func setLevel(window: WindowID, to level: LevelSpec) async throws(PickerClientError) -> WindowSummary {
        try await send(SetLevel(window: window, level: level))
    }

    /// Starts (or changes) quiet hours: windows below `below` wait, never
    /// key, until `until` (nil: until `quietOff`). The quiet hours in effect.
    public func quiet(below: LevelSpec, until: Timestamp? = nil) async throws(PickerClientError) -> QuietHours {
        guard let quietHours = try await send(Quiet(.on(below: below, until: until))) else {
            throw .protocolViolation("quiet answered off to quiet hours turned on")
        }
        return quietHours
    }

    /// Ends quiet hours, if any.
    public func quietOff() async throws(PickerClientError) {
        _ = try await send(Quiet(.off))
    }

    // MARK: looking

    public func list(includeHidden: Bool = true, level: LevelSpec? = nil) async throws(PickerClientError) -> WindowList
    {
        try await send(List(includeHidden: includeHidden, level: level))
    }

    /// The window's summary plus title, message, options, live value, owner.
    public func get(window: WindowID) async throws(PickerClientError) -> WindowDetails {
        try await send(Get(window: window))
    }

    public func history(limit: Int = History.defaultLimit, window: WindowID? = nil) async throws(PickerClientError)
        -> [Outcome]
    {
        try await send(History(limit: limit, window: window))
    }

    public func status() async throws(PickerClientError) -> DaemonStatus {
        try await send(Status())
    }

    public func reload() async throws(PickerClientError) {
        _ = try await send(Reload())
    }

    /// Events from now on, filtered by type prefix (`window.`) and window id.
    public func subscribe(events: [String] = [], windows: [WindowID] = []) async throws(PickerClientError)
        -> EventSubscription
    {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .unbounded)
        let request = Subscribe(events: events, windows: windows)
        // The stream is registered before the request goes out, so no event is missed.
        // Cancelled before its answer, the subscription is ended as it comes.
        let result = try await connection.call(Subscribe.name, request.params, stream: continuation) {
            [connection] late in
            guard let id = Subscribe.decode(late) else { return }
            try? connection.notify(Unsubscribe.name, Unsubscribe(subscription: id).params)
        }
        guard let id = Subscribe.decode(result) else { throw .protocolViolation("subscribe without an id") }
        return EventSubscription(id: id, stream: stream)
    }

    public func unsubscribe(_ subscription: EventSubscription) async throws(PickerClientError) {
        _ = try await send(Unsubscribe(subscription: subscription.id))
        connection.stopStream(subscription.id)
    }
}
