import PickerJSON
import PickerProtocol
import PickerSystem
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// One Unix socket connection: requests are written under a lock, and a reader
/// thread routes each line to the call waiting for its id, or to the stream of
/// the subscription an event belongs to.
final class ClientConnection: Sendable {
    private struct State {
        var nextID: Int64 = 1
        var calls: [Int64: CheckedContinuation<Result<JSON, RPCError>, any Error>] = [:]
        /// Streams of subscriptions whose `subscribe` is still unanswered, by request id.
        var pendingStreams: [Int64: AsyncStream<Event>.Continuation] = [:]
        var streams: [String: AsyncStream<Event>.Continuation] = [:]
        var ended: PickerClientError?
        /// The last error the daemon sent without an id (why it may close).
        var lastUnaddressedError: RPCError?
    }

    let socketPath: String
    private let descriptor: Int32
    private let state = Mutex(State())
    private let writing = Mutex(())

    /// Connects, and refuses a server run by a user it has no reason to trust
    /// (`ServerTrust`) before anything is sent.
    init(socketPath: String, trusting trustedUIDs: [UInt32]) throws(PickerClientError) {
        self.socketPath = socketPath
        switch UnixSocket.connect(to: socketPath) {
        case .success(let connected):
            descriptor = connected
        case .failure(let error) where error.code == EACCES || error.code == EPERM:
            throw .socketPermissionDenied(socket: socketPath)
        case .failure(let error):
            throw .unreachable(socket: socketPath, reason: error.description)
        }
        do {
            try ServerTrust.check(descriptor: descriptor, socketPath: socketPath, trusting: trustedUIDs)
        } catch {
            close(descriptor)
            throw error
        }
        POSIX.startThread { [self] in readLoop() }
    }

    /// Closes the connection; waiting calls fail and event streams finish.
    func shutdown() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    }

    // MARK: calls

    func call(_ method: String, _ params: JSONObject, stream: AsyncStream<Event>.Continuation? = nil)
        async throws(PickerClientError) -> JSON
    {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let result: Result<JSON, RPCError>
        do {
            result = try await withCheckedThrowingContinuation { continuation in
                let ended = state.withLock { state -> PickerClientError? in
                    if let ended = state.ended { return ended }
                    state.calls[id] = continuation
                    if let stream { state.pendingStreams[id] = stream }
                    return nil
                }
                if let ended {
                    continuation.resume(throwing: ended)
                    return
                }
                let request = RPCRequest(id: .integer(id), method: method, params: params).json
                if let failure = write(request) {
                    let waiting = state.withLock { state in
                        state.pendingStreams[id] = nil
                        return state.calls.removeValue(forKey: id)
                    }
                    waiting?.resume(throwing: failure)
                }
            }
        } catch let error as PickerClientError {
            throw error
        } catch {
            throw .disconnected(reason: "\(error)")
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw .rpc(error)
        }
    }

    /// Sends a notification: no answer comes.
    func notify(_ method: String, _ params: JSONObject) throws(PickerClientError) {
        if let failure = write(RPCRequest(id: nil, method: method, params: params).json) { throw failure }
    }

    private func write(_ message: JSON) -> PickerClientError? {
        var bytes: [UInt8] = []
        message.serialize(into: &bytes)
        bytes.append(0x0A)
        return writing.withLock { _ -> PickerClientError? in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
                if written < 0 {
                    if errno == EINTR { continue }
                    return .disconnected(reason: String(cString: strerror(errno)))
                }
                offset += written
            }
            return nil
        }
    }

    // MARK: reading

    private func readLoop() {
        let parser = JSONParser(maxDepth: 512)
        var assembler = LineAssembler(maxLineBytes: 64 << 20)
        var chunk = [UInt8](repeating: 0, count: 65536)
        var endReason = "pickerd closed the connection"
        reading: while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count < 0 { endReason = String(cString: strerror(errno)) }
                break
            }
            assembler.append(chunk[0..<count])
            while let piece = assembler.next() {
                guard case .line(let line) = piece else {
                    endReason = "pickerd sent a line longer than 64 MiB"
                    break reading
                }
                guard !LineAssembler.isBlank(line), let message = try? parser.parse(line) else { continue }
                route(message)
            }
        }
        finish(reason: endReason)
        close(descriptor)
    }

    private func route(_ message: JSON) {
        if message[WireName.method] == .string(Event.method), let params = message[WireName.params]?.objectValue {
            guard let event = Event(params: params) else { return }
            let stream = state.withLock { $0.streams[event.subscription] }
            stream?.yield(event)
            return
        }
        guard let (id, result) = RPCResponse.read(message) else { return }
        guard let number = id.integerValue else {
            if case .failure(let error) = result {
                state.withLock { $0.lastUnaddressedError = error }
            }
            return
        }
        let continuation = state.withLock { state -> CheckedContinuation<Result<JSON, RPCError>, any Error>? in
            // A subscription's stream starts before anything else is read.
            if let stream = state.pendingStreams.removeValue(forKey: number),
                case .success(let answer) = result, let subscription = answer[WireName.subscription]?.stringValue
            {
                state.streams[subscription] = stream
            }
            return state.calls.removeValue(forKey: number)
        }
        continuation?.resume(returning: result)
    }

    private func finish(reason: String) {
        let (calls, streams, pending, error) = state.withLock { state in
            let error = PickerClientError.disconnected(reason: state.lastUnaddressedError?.message ?? reason)
            state.ended = error
            defer {
                state.calls = [:]
                state.streams = [:]
                state.pendingStreams = [:]
            }
            return (Array(state.calls.values), Array(state.streams.values), Array(state.pendingStreams.values), error)
        }
        for call in calls { call.resume(throwing: error) }
        for stream in streams + pending { stream.finish() }
    }

    func stopStream(_ subscription: String) {
        state.withLock { $0.streams.removeValue(forKey: subscription) }?.finish()
    }
}
