import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// A connection to pickerd for a short exchange on the calling thread: each
/// request is written and its answer read before the call returns. No reader
/// thread, no tasks, no async runtime, so a command that asks once and exits
/// (`pickerctl ping`, `badge`, `list`) costs little more than the exchange
/// itself. It has no events and no waiting on several calls at once: that is
/// `PickerClient`, which it matches in what it connects to, whom it trusts,
/// and the errors it throws.
///
/// ```swift
/// let client = try BlockingPickerClient.connect()
/// defer { client.close() }
/// let status = try client.send(Status())
/// ```
public final class BlockingPickerClient {
    public let socketPath: String
    private let descriptor: Int32
    /// The ssh carrying the connection to another machine's daemon, if any.
    private let tunnel: SSHTunnel?
    private var reader: MessageReader
    private var nextID: Int64 = 1
    /// Set once the connection has ended: every later call fails with it.
    private var ended: PickerClientError?
    /// The last error the daemon sent without an id (why it may close).
    private var lastUnaddressedError: RPCError?
    /// Answers the daemon's own requests (`browse`, relayed for a `file`
    /// window this connection presented) while a call waits, on the calling
    /// thread; nil: each is refused, as `PickerClient` refuses them.
    public var requestHandler: RequestHandler?

    private init(_ channel: ClientSocket.Channel) {
        socketPath = channel.name
        descriptor = channel.descriptor
        tunnel = channel.tunnel
        reader = MessageReader(descriptor: descriptor)
    }

    deinit {
        Glibc.close(descriptor)
    }

    /// Connects as `PickerClient.connect` does: to `socketPath` (or an ssh://
    /// address), or the first of `$PICKERD_HOST`, `$PICKERD_SOCKET`,
    /// `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`, `/tmp/pickerd-$UID/pickerd.sock`,
    /// refusing a daemon it does not trust.
    public static func connect(socketPath: String? = nil, trustedUIDs: [UInt32] = []) throws(PickerClientError)
        -> BlockingPickerClient
    {
        BlockingPickerClient(try ClientSocket.connect(socketPath, trusting: trustedUIDs))
    }

    /// Ends the connection; later calls fail with `.disconnected`.
    public func close() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }

    /// Sends one typed request and reads its typed result.
    public func send<Method: PickerMethod>(_ method: Method) throws(PickerClientError) -> Method.Result {
        try Method.result(from: try call(Method.name, method.params))
    }

    /// Sends one typed request and returns its result as the daemon wrote it,
    /// members the types do not know included (for printing it as JSON).
    public func sendForJSON<Method: PickerMethod>(_ method: Method) throws(PickerClientError) -> JSON {
        try call(Method.name, method.params)
    }

    /// Any method, untyped: the result, or the daemon's error as `.rpc`.
    public func call(_ method: String, _ params: JSONObject = JSONObject()) throws(PickerClientError) -> JSON {
        if let ended { throw ended }
        let id = nextID
        nextID += 1
        if let failure = ClientSocket.writeLine(DaemonMessage.request(id: id, method, params), to: descriptor) {
            throw failure
        }
        while true {
            switch reader.next() {
            case .message(let line):
                switch DaemonMessage(line) {
                case .answer(id, let result)?: return try result.answer()
                case .unaddressedError(let error)?: lastUnaddressedError = error
                case .request(let requestID, let method, let params)?: answer(requestID, method, params)
                case .answer?, .event?, nil: continue
                }
            case .end(let reason):
                let error = DaemonMessage.ended(reason: tunnel?.lastWords() ?? reason, daemonSaid: lastUnaddressedError)
                ended = error
                throw error
            }
        }
    }

    /// Answers one request of the daemon's; a write that fails ends the
    /// connection, which the next read reports.
    private func answer(_ id: JSON, _ method: String, _ params: JSONObject) {
        let result = requestHandler?(method, params) ?? .failure(DaemonMessage.unanswered(method))
        _ = ClientSocket.writeLine(DaemonMessage.answer(id: id, result), to: descriptor)
    }
}
