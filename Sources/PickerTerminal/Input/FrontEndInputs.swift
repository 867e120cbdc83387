import PickerClient
import PickerProtocol

/// What a terminal front-end reacts to, in one stream: the terminal's bytes,
/// a tick every 100 ms (a lone Escape, a resize, a countdown), and pickerd
/// followed on a connection of its own (`PickerClient.following`). Shared by
/// `pickerctl ui` and the inline picker; `stop` ends what feeds it.
struct FrontEndInputs {
    enum Input: Sendable {
        case bytes([UInt8])
        case tick
        case following(Following)
        /// The inline picker's command stopped waiting: its outcome or error.
        case ended(Result<Outcome, any Error>)
    }

    let stream: AsyncStream<Input>
    let continuation: AsyncStream<Input>.Continuation
    private let feeds: [Task<Void, Never>]

    /// Starts reading the terminal entered, ticking, and following pickerd.
    init(socketPath: String?) {
        let (stream, continuation) = AsyncStream<Input>.makeStream()
        InputReader.start { continuation.yield(.bytes($0)) }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield(.tick)
            }
        }
        let connection = Task {
            for await following in PickerClient.following(socketPath: socketPath, client: "pickerctl ui") {
                continuation.yield(.following(following))
            }
        }
        (self.stream, self.continuation, feeds) = (stream, continuation, [ticker, connection])
    }

    func stop() {
        for feed in feeds { feed.cancel() }
    }
}
