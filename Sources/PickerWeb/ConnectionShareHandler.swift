import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Takes a place in `ConnectionShares` for each accepted connection, and
/// closes at once a connection whose peer has no place left; gives the place
/// back when the connection closes.
final class ConnectionShareHandler: ChannelInboundHandler, RemovableChannelHandler {
    /// It reads nothing: what comes in passes on as it is.
    typealias InboundIn = NIOAny

    private let shares: ConnectionShares
    /// Set once the connection is admitted; nil before, and after it was refused.
    private var held: ConnectionShares.Peer?
    private var decided = false

    init(shares: ConnectionShares) {
        self.shares = shares
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { admit(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        admit(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        giveBack()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        giveBack()
    }

    private func admit(_ context: ChannelHandlerContext) {
        guard !decided else { return }
        decided = true
        let peer = Self.peer(remote: context.channel.remoteAddress, local: context.channel.localAddress)
        if shares.take(peer) {
            held = peer
        } else {
            context.close(promise: nil)
        }
    }

    private func giveBack() {
        if let held { shares.release(held) }
        held = nil
    }

    static func peer(remote: SocketAddress?, local: SocketAddress?) -> ConnectionShares.Peer {
        if let remote, !isLoopback(remote) { return .remote(remote.ipAddress ?? "?") }
        guard let uid = LoopbackPeer.uid(remote: remote, local: local) else { return .unknown }
        return uid == geteuid() ? .person : .user(uid)
    }

    private static func isLoopback(_ address: SocketAddress) -> Bool {
        guard let ip = address.ipAddress else { return false }
        return ip == "::1" || ip.hasPrefix("127.") || ip.hasPrefix("::ffff:127.")
    }
}
