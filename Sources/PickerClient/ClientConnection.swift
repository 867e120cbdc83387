import PickerJSON
import PickerProtocol
import PickerSystem

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
    private let state = Locked(State())
    private let writing = Locked(())

    /// Connects, and refuses a server run by a user it has no reason to trust
    /// (`ServerTrust`) before anything is sent.
    init(socketPath: String, trusting trustedUIDs: [UInt32]) throws(PickerClientError) {
        self.socketPath = socketPath
        descriptor = try ClientSocket.open(socketPath, trusting: trustedUIDs)
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
        writing.withLock { _ in ClientSocket.writeLine(message, to: descriptor) }
    }

    // MARK: reading

    private func readLoop() {
        var reader = MessageReader(descriptor: descriptor)
        while true {
            switch reader.next() {
            case .message(let message):
                route(message)
            case .end(let reason):
                finish(reason: reason)
                close(descriptor)
                return
            }
        }
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
