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
        /// What to do with the answers of calls cancelled after they were sent.
        var lateAnswers: [Int64: @Sendable (JSON) -> Void] = [:]
        var streams: [String: AsyncStream<Event>.Continuation] = [:]
        var ended: PickerClientError?
        /// The last error the daemon sent without an id (why it may close).
        var lastUnaddressedError: RPCError?
        /// Answers the daemon's own requests; without one they are refused.
        var requestHandler: RequestHandler?
    }

    let socketPath: String
    private let descriptor: Int32
    /// The ssh carrying the connection to another machine's daemon, if any.
    private let tunnel: SSHTunnel?
    private let state = Locked(State())
    /// Whether `descriptor` is still this connection's, held while writing
    /// and shutting down. The reader closes it under this lock at the end:
    /// after that its number may be another connection's (another client in
    /// the process), so nothing may write to it or shut it down again.
    private let writing = Locked(true)

    /// Connects, and refuses a server run by a user it has no reason to trust
    /// (`ServerTrust`) before anything is sent.
    init(_ channel: ClientSocket.Channel) {
        socketPath = channel.name
        descriptor = channel.descriptor
        tunnel = channel.tunnel
        POSIX.startThread { [self] in readLoop() }
    }

    /// Closes the connection; waiting calls fail and event streams finish.
    func shutdown() {
        writing.withLock { isOpen in
            if isOpen { _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    // MARK: calls

    /// Sends a request and waits for its answer. When the task is cancelled
    /// the call ends at once with `.cancelled`: a request not yet written is
    /// never sent, and the answer to one already sent is handed to
    /// `lateAnswer` when it comes (to withdraw what it did: dismiss a window
    /// it presented), on the reader thread.
    /// `written` is called once the request is written, before any request
    /// made after that (the daemon reads a connection's requests in order).
    func call(
        _ method: String, _ params: JSONObject, stream: AsyncStream<Event>.Continuation? = nil,
        lateAnswer: (@Sendable (JSON) -> Void)? = nil, written: (@Sendable () -> Void)? = nil
    ) async throws(PickerClientError) -> JSON {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        let result: Result<JSON, RPCError>
        do {
            result = try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    // Checked under the lock the handler takes: either the
                    // handler finds the call here, or the call sees the task
                    // cancelled and sends nothing.
                    let refused = state.withLock { state -> PickerClientError? in
                        if let ended = state.ended { return ended }
                        if Task.isCancelled { return .cancelled }
                        state.calls[id] = continuation
                        if let stream { state.pendingStreams[id] = stream }
                        if let lateAnswer { state.lateAnswers[id] = lateAnswer }
                        return nil
                    }
                    if let refused {
                        continuation.resume(throwing: refused)
                        return
                    }
                    if let failure = write(DaemonMessage.request(id: id, method, params)) {
                        withdraw(id)?.resume(throwing: failure)
                    } else {
                        written?()
                    }
                }
            } onCancel: {
                let waiting = state.withLock { state in
                    state.pendingStreams[id] = nil
                    return state.calls.removeValue(forKey: id)
                }
                waiting?.resume(throwing: PickerClientError.cancelled)
            }
        } catch let error as PickerClientError {
            throw error
        } catch {
            throw .disconnected(reason: "\(error)")
        }
        return try result.answer()
    }

    /// Forgets call `id` entirely: nothing is done with its answer.
    private func withdraw(_ id: Int64) -> CheckedContinuation<Result<JSON, RPCError>, any Error>? {
        state.withLock { state in
            state.pendingStreams[id] = nil
            state.lateAnswers[id] = nil
            return state.calls.removeValue(forKey: id)
        }
    }

    /// Sends a notification: no answer comes.
    func notify(_ method: String, _ params: JSONObject) throws(PickerClientError) {
        if let failure = write(DaemonMessage.request(id: nil, method, params)) { throw failure }
    }

    private func write(_ message: JSON) -> PickerClientError? {
        writing.withLock { isOpen in
            isOpen ? ClientSocket.writeLine(message, to: descriptor) : .disconnected(reason: "the connection is closed")
        }
    }

    // MARK: reading

    private func readLoop() {
        var reader = MessageReader(descriptor: descriptor)
        while true {
            switch reader.next() {
            case .message(let message):
                route(message)
            case .end(let reason):
                // Through ssh, what ended it is ssh's to say ("Connection refused").
                finish(reason: tunnel?.lastWords() ?? reason)
                writing.withLock { isOpen in
                    isOpen = false
                    close(descriptor)
                }
                return
            }
        }
    }

    /// Answers the daemon's requests from now on (`PickerClient.answerRequests`).
    func setRequestHandler(_ handler: RequestHandler?) {
        state.withLock { $0.requestHandler = handler }
    }

    /// Answers a request of the daemon's own on a thread of its own, so that
    /// a slow answer (a large directory listed) holds no answer or event up.
    private func answer(id: JSON, method: String, params: JSONObject) {
        guard let handler = state.withLock({ $0.requestHandler }) else {
            _ = write(DaemonMessage.answer(id: id, .failure(DaemonMessage.unanswered(method))))
            return
        }
        POSIX.startThread { [self] in
            _ = write(DaemonMessage.answer(id: id, handler(method, params)))
        }
    }

    private func route(_ message: JSON) {
        switch DaemonMessage(message) {
        case .request(let id, let method, let params)?:
            answer(id: id, method: method, params: params)
        case .event(let event)?:
            let stream = state.withLock { $0.streams[event.subscription] }
            stream?.yield(event)
        case .unaddressedError(let error)?:
            state.withLock { $0.lastUnaddressedError = error }
        case .answer(let id, let result)?:
            let (continuation, lateAnswer) = state.withLock { state in
                let lateAnswer = state.lateAnswers.removeValue(forKey: id)
                // A subscription's stream starts before anything else is read.
                if let stream = state.pendingStreams.removeValue(forKey: id),
                    case .success(let answer) = result, let subscription = answer[WireName.subscription]?.stringValue
                {
                    state.streams[subscription] = stream
                }
                return (state.calls.removeValue(forKey: id), lateAnswer)
            }
            if let continuation {
                continuation.resume(returning: result)
            } else if let lateAnswer, case .success(let answer) = result {
                lateAnswer(answer)
            }
        case nil:
            return
        }
    }

    private func finish(reason: String) {
        let (calls, streams, pending, error) = state.withLock { state in
            let error = DaemonMessage.ended(reason: reason, daemonSaid: state.lastUnaddressedError)
            state.ended = error
            defer {
                state.calls = [:]
                state.lateAnswers = [:]
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
