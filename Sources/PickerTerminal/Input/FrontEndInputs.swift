import PickerClient
import PickerProtocol

/// What a terminal front-end reacts to, in one stream: the terminal's bytes,
/// a tick every 100 ms (a lone Escape, a resize, a countdown), and each
/// followed daemon on a connection of its own (`PickerClient.following`).
/// Shared by `pickerctl ui` and the inline picker; `stop` ends what feeds it.
struct FrontEndInputs {
    enum Input: Sendable {
        case bytes([UInt8])
        case tick
        /// What following the daemon at index `host` of those given yields.
        case following(host: Int, Following)
        /// The inline picker's command stopped waiting: its outcome or error.
        case ended(Result<Outcome, any Error>)
    }

    let stream: AsyncStream<Input>
    let continuation: AsyncStream<Input>.Continuation
    private let feeds: [Task<Void, Never>]

    /// Starts reading the terminal entered, ticking, and following pickerd
    /// at each of `hosts` (a socket path or `--host` address; nil for the usual places).
    init(hosts: [String?]) {
        let (stream, continuation) = AsyncStream<Input>.makeStream()
        InputReader.start { continuation.yield(.bytes($0)) }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }
        let connections = hosts.enumerated().map { host, address in
            Task {
                for await following in PickerClient.following(socketPath: address, client: "pickerctl ui") {
                    continuation.yield(.following(host: host, following))
                }
            }
        }
        (self.stream, self.continuation, feeds) = (stream, continuation, [ticker] + connections)
    }

    func stop() {
        for feed in feeds { feed.cancel() }
    }
}
