import HTTPTypes
import Hummingbird
import ServiceLifecycle

/// `GET /events`: the bridge's messages as a Server-Sent Events stream, with a
/// keep-alive comment when nothing was sent for a while.
enum ServerSentEvents {
    static let keepAliveInterval: Duration = .seconds(15)

    static func response(bridge: DaemonBridge) -> Response {
        let body = ResponseBody { writer in
            let messages = await bridge.messages()
            // The keep-alive ticks beside the messages; whichever comes first is written.
            let (merged, input) = AsyncStream<StreamMessage>.makeStream(bufferingPolicy: .bufferingNewest(64))
            let forward = Task {
                for await message in messages { input.yield(message) }
                input.finish()
            }
            let tick = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: keepAliveInterval)
                    input.yield(.keepAlive)
                }
            }
            defer {
                forward.cancel()
                tick.cancel()
            }
            // A stream never ends by itself: on SIGTERM it ends, so the server can stop.
            try await withGracefulShutdownHandler {
                for await message in merged {
                    try await writer.write(ByteBuffer(string: message.text))
                }
            } onGracefulShutdown: {
                input.finish()
            }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", HTTPField.Name("X-Accel-Buffering")!: "no"],
            body: body)
    }
}
