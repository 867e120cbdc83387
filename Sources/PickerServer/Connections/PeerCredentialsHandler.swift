import NIOCore

/// A connection's first step: who is on the other end. When the channel
/// becomes active it reads the peer's credentials from the socket (or takes
/// the ones it was given: `EmbeddedDaemon`), passes them on as `PeerIdentified`
/// before anything else, and leaves the pipeline. A socket whose peer cannot
/// be known is closed and reported as `PeerCredentialsUnreadable`.
final class PeerCredentialsHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer

    private let given: PeerCredentials?

    init(given: PeerCredentials? = nil) {
        self.given = given
    }

    func channelActive(context: ChannelHandlerContext) {
        let read = {
            try? context.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) {
                PeerCredentials.read(fromSocket: $0)
            }
        }
        guard let peer = given ?? read() ?? nil else {
            context.fireErrorCaught(PeerCredentialsUnreadable())
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(PeerIdentified(peer: peer))
        context.fireChannelActive()
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}

/// The peer of a connection, known before its first byte is passed on.
struct PeerIdentified {
    let peer: PeerCredentials
}

/// The socket did not say who its peer is.
struct PeerCredentialsUnreadable: Error {}
