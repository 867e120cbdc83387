import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Synchronization
import Testing

/// One connection to an embedded daemon, as `TestClient` is one to a real
/// daemon: requests typed (`PickerMethods.all`) or by name, raw bytes and
/// lines, and what the daemon wrote back sorted into answers by id, event
/// notifications, and other messages (errors with id null). Nothing waits:
/// whatever a request causes has been written when `send` returns, and what
/// time causes comes with `daemon.advance`.
final class EmbeddedConnection {
    let daemon: EmbeddedDaemon
    let number: Int
    private var nextID: Int64 = 1
    /// Written by the daemon and not yet read as a line.
    private var unread: [UInt8] = []
    private var answers: [Int64: Result<JSON, RPCError>] = [:]
    /// Event notifications' params, oldest first, not yet taken.
    private var events: [JSON] = []
    /// Messages that were neither events nor answers to an integer id.
    private(set) var others: [JSON] = []

    /// A connection of `uid` (its gid the same); by default the daemon's own
    /// user, who may do everything.
    init(_ daemon: EmbeddedDaemon, uid: UInt32? = nil) throws {
        self.daemon = daemon
        number = try uid.map { try daemon.connect(uid: $0, gid: $0) } ?? daemon.connect()
    }

    /// Whether the daemon has not closed the connection.
    var isOpen: Bool { daemon.isOpen(number) }

    /// The peer goes away.
    func disconnect() {
        daemon.disconnect(number)
    }

    /// The peer shuts its sending side; it still reads.
    func shutInput() {
        daemon.shutInput(of: number)
    }

    // MARK: raw bytes and lines

    /// Delivers bytes as one read.
    func send(raw bytes: [UInt8]) {
        daemon.send(bytes, on: number)
    }

    func send(line: String) {
        send(raw: Array(line.utf8) + [0x0A])
    }

    /// The next line the daemon wrote, as it wrote it and not sorted; nil
    /// when it has written no more.
    func readLine() -> String? {
        unread += daemon.written(on: number)
        guard let newline = unread.firstIndex(of: 0x0A) else { return nil }
        let line = String(decoding: unread[..<newline], as: UTF8.self)
        unread.removeFirst(newline + 1)
        return line
    }

    /// The next message the daemon wrote, parsed and not sorted; nil when it
    /// has written no more.
    func readMessage() throws -> JSON? {
        try readLine().map { try JSON.parse($0, maxDepth: 10_000) }
    }

    /// Sorts every message written so far into answers, events and others.
    private func sortWritten() throws {
        while let message = try readMessage() {
            if message["method"] == "event", message["id"] == nil {
                events.append(message["params"] ?? .null)
            } else if let (id, result) = RPCResponse.read(message), let number = id.integerValue {
                answers[number] = result
            } else {
                others.append(message)
            }
        }
    }

    // MARK: requests

    /// Sends a typed request; its id.
    @discardableResult
    func send<Method: PickerMethod>(_ method: Method) -> Int64 {
        send(Method.name, method.params)
    }

    /// Sends a request by the method's name, with any params at all; its id.
    @discardableResult
    func send(_ method: String, _ params: JSONObject = [:]) -> Int64 {
        let id = nextID
        nextID += 1
        send(line: RPCRequest(id: .integer(id), method: method, params: params).json.serialized())
        return id
    }

    /// The answers written so far and not yet taken, by id; taken now.
    func responses() throws -> [Int64: Result<JSON, RPCError>] {
        try sortWritten()
        defer { answers = [:] }
        return answers
    }

    /// The requests of the daemon's own written so far (`browse` sent on to
    /// a window's owner), taken now.
    func takeDaemonRequests() throws -> [JSON] {
        try sortWritten()
        let requests = others.filter { $0["method"] != nil }
        others.removeAll { $0["method"] != nil }
        return requests
    }

    /// The answer to the request with `id`, which must have come.
    private func answer(to id: Int64) throws -> Result<JSON, RPCError> {
        try sortWritten()
        guard let answer = answers.removeValue(forKey: id) else {
            throw TestFailure("request \(id) was not answered at once")
        }
        return answer
    }

    /// A typed request's answer, as the wire has it, answered at once.
    func request<Method: PickerMethod>(_ method: Method) throws -> Result<JSON, RPCError> {
        try answer(to: send(method))
    }

    /// A request's answer by the method's name, answered at once.
    func request(_ method: String, _ params: JSONObject = [:]) throws -> Result<JSON, RPCError> {
        try answer(to: send(method, params))
    }

    /// A request's result by the method's name, answered at once; an error
    /// answer is a failure (as `TestClient.result`).
    func result(_ method: String, _ params: JSONObject = [:]) throws -> JSON {
        switch try request(method, params) {
        case .success(let result): return result
        case .failure(let error): throw TestFailure("\(method) failed: \(error.code.rawValue) \(error.message)")
        }
    }

    /// A request's error by the method's name, answered at once; a result is
    /// a failure (as `TestClient.error`).
    func error(_ method: String, _ params: JSONObject = [:]) throws -> RPCError {
        switch try request(method, params) {
        case .success(let result): throw TestFailure("\(method) succeeded with \(result); an error was expected")
        case .failure(let error): return error
        }
    }

    /// A typed request's typed result, answered at once.
    func call<Method: PickerMethod>(_ method: Method) throws -> Method.Result {
        let json = try request(method).get()
        return try #require(Method.decode(json), "not the result of \(Method.name): \(json)")
    }

    /// Presents a window (without `wait`); its summary.
    func presentWindow(_ present: Present) throws -> WindowSummary {
        guard case .window(let summary) = try call(present) else { throw TestFailure("present answered an outcome") }
        return summary
    }

    // MARK: events

    /// The oldest `count` events not yet taken (each notification's params);
    /// fewer than `count` having come is a failure.
    func takeEvents(_ count: Int) throws -> [JSON] {
        try sortWritten()
        guard events.count >= count else { throw TestFailure("\(count) events were expected; \(events.count) came") }
        defer { events.removeFirst(count) }
        return Array(events.prefix(count))
    }

    /// Every event not yet taken.
    func takeEvents() throws -> [JSON] {
        try sortWritten()
        defer { events = [] }
        return events
    }
}

/// An embedded daemon's log lines, as its `log` closure hands them over
/// (`EmbeddedDaemon(logLevel:log:)`).
final class EmbeddedLog: Sendable {
    private let lines = Mutex<[String]>([])

    /// The closure to give the daemon.
    var write: @Sendable (String) -> Void {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    /// Whether the log, its lines one after another, holds `text`.
    func contains(_ text: String) -> Bool {
        lines.withLock { $0.joined(separator: "\n").contains(text) }
    }
}
