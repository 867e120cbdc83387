import CPickerTestSupport
import Foundation
import PickerJSON
import PickerProtocol

/// A blocking JSON-lines client on a Unix socket, for tests: typed calls that
/// match responses by id, with events and other responses kept aside.
public final class TestClient: @unchecked Sendable {
    // @unchecked: one test drives one client from one task at a time.
    public enum Failure: Error, CustomStringConvertible {
        case connect(String)
        case timedOut(String)
        case closed

        public var description: String {
            switch self {
            case .connect(let reason): return "cannot connect: \(reason)"
            case .timedOut(let what): return "timed out waiting for \(what)"
            case .closed: return "the daemon closed the connection"
            }
        }
    }

    public private(set) var descriptor: Int32
    private var buffer: [UInt8] = []
    /// How much of `buffer` is known to hold no newline.
    private var scannedBytes = 0
    private var nextID = 1
    private var responses: [JSON: Result<JSON, RPCError>] = [:]
    /// Event notifications received so far and not yet taken.
    public private(set) var events: [JSON] = []
    /// Messages that were neither events nor responses to our calls (e.g. errors with id null).
    public private(set) var others: [JSON] = []

    public init(socketPath: String) throws {
        switch UnixSocket.connect(to: socketPath) {
        case .success(let connected): descriptor = connected
        case .failure(let error): throw Failure.connect(error.description)
        }
    }

    /// Connects as another user: the socket carries `uid` and `gid` as its
    /// peer credentials. Needs root; only this thread's ids change, and only
    /// for the connect.
    public convenience init(socketPath: String, uid: UInt32, gid: UInt32? = nil) throws {
        let failed = picker_test_assume_ids(uid, gid ?? uid)
        guard failed == 0 else {
            throw Failure.connect("cannot act as uid \(uid) (this needs root): \(String(cString: strerror(failed)))")
        }
        defer { picker_test_restore_ids() }
        try self.init(socketPath: socketPath)
    }

    deinit {
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    public func close() {
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    // MARK: raw lines

    public func send(raw bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            // MSG_NOSIGNAL: a daemon that went away is a test's finding, not a SIGPIPE for the runner.
            let written = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written <= 0 { return }
            offset += written
        }
    }

    public func send(line: String) {
        send(raw: Array(line.utf8) + [0x0A])
    }

    public func send(_ message: JSON) {
        send(line: message.serialized())
    }

    /// The next line, or nil at end of stream; throws after `timeout` seconds.
    /// Bytes already waiting are always read, however short the timeout or
    /// slow the build: a check of the clock before the first read once left a
    /// large answer unread for good under a sanitizer.
    public func readLine(timeout: Double = 10) throws -> [UInt8]? {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            // Only bytes that arrived since the last look can hold the newline.
            if let newline = buffer[scannedBytes...].firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeFirst(newline + 1)
                scannedBytes = 0
                return line
            }
            scannedBytes = buffer.count
            let remaining = deadline.timeIntervalSinceNow
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32((min(max(remaining, 0), 1) * 1000).rounded(.up)))
            if ready <= 0 {
                guard remaining > 0 else { throw Failure.timedOut("a line") }
                continue
            }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// The next message, parsed; nil at end of stream.
    public func readMessage(timeout: Double = 10) throws -> JSON? {
        guard let line = try readLine(timeout: timeout) else { return nil }
        return try JSON.parse(String(decoding: line, as: UTF8.self), maxDepth: 10_000)
    }

    /// Whether the daemon closes the connection within `timeout` (reading and
    /// discarding whatever comes first).
    public func closes(within timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            do {
                guard let message = try readMessage(timeout: deadline.timeIntervalSinceNow) else { return true }
                others.append(message)
            } catch {
                return false
            }
        }
        return false
    }

    // MARK: calls

    /// Sends a request and returns its result or error, keeping events aside.
    public func call(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> Result<JSON, RPCError> {
        let id = JSON.integer(Int64(nextID))
        nextID += 1
        send(request(method, params, id: id))
        return try response(to: id, timeout: timeout)
    }

    /// Sends a request without waiting; `response(to:)` collects the answer later.
    @discardableResult
    public func start(_ method: String, _ params: JSON? = nil) -> JSON {
        let id = JSON.string("r\(nextID)")
        nextID += 1
        send(request(method, params, id: id))
        return id
    }

    public func request(_ method: String, _ params: JSON?, id: JSON?) -> JSON {
        var object: JSONObject = ["jsonrpc": "2.0"]
        if let id { object["id"] = id }
        object["method"] = .string(method)
        if let params { object["params"] = params }
        return .object(object)
    }

    public func response(to id: JSON, timeout: Double = 10) throws -> Result<JSON, RPCError> {
        let deadline = Date().addingTimeInterval(timeout)
        while responses[id] == nil {
            guard deadline.timeIntervalSinceNow > 0 else { throw Failure.timedOut("the response to \(id)") }
            guard let message = try readMessage(timeout: deadline.timeIntervalSinceNow) else { throw Failure.closed }
            take(message)
        }
        return responses.removeValue(forKey: id)!
    }

    /// The result of a call that must succeed.
    public func result(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> JSON {
        switch try call(method, params, timeout: timeout) {
        case .success(let result): return result
        case .failure(let error): throw TestFailure("\(method) failed: \(error.code.rawValue) \(error.message)")
        }
    }

    /// Sends a typed request (one of `PickerMethods.all`) and reads its typed result.
    public func send<Method: PickerMethod>(_ method: Method, timeout: Double = 10) throws -> Method.Result {
        let json = try result(Method.name, .object(method.params), timeout: timeout)
        guard let result = Method.decode(json) else { throw TestFailure("not the result of \(Method.name): \(json)") }
        return result
    }

    /// The error of a call that must fail.
    public func error(_ method: String, _ params: JSON? = nil, timeout: Double = 10) throws -> RPCError {
        switch try call(method, params, timeout: timeout) {
        case .success(let result): throw TestFailure("\(method) succeeded with \(result); an error was expected")
        case .failure(let error): return error
        }
    }

    /// Waits for `count` events in all (those already received count).
    public func takeEvents(count: Int, timeout: Double = 10) throws -> [JSON] {
        let deadline = Date().addingTimeInterval(timeout)
        while events.count < count {
            guard deadline.timeIntervalSinceNow > 0 else {
                throw Failure.timedOut("\(count) events (have \(events.count))")
            }
            guard let message = try readMessage(timeout: deadline.timeIntervalSinceNow) else { throw Failure.closed }
            take(message)
        }
        let taken = Array(events.prefix(count))
        events.removeFirst(count)
        return taken
    }

    /// Reads whatever arrives within `seconds` into the event and response stores.
    public func drain(for seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while deadline.timeIntervalSinceNow > 0 {
            do {
                guard let message = try readMessage(timeout: deadline.timeIntervalSinceNow) else { return }
                take(message)
            } catch Failure.timedOut {
                return
            }
        }
    }

    private func take(_ message: JSON) {
        if message["method"] == "event" {
            events.append(message["params"] ?? .null)
        } else if let (id, result) = RPCResponse.read(message), !id.isNull {
            responses[id] = result
        } else {
            others.append(message)
        }
    }
}
