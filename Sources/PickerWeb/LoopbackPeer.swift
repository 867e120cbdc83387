import CPickerSystem
import NIOCore

/// The user that owns the other end of a loopback TCP connection.
///
/// TCP has no SO_PEERCRED, but on loopback both ends are sockets of this
/// machine, and the kernel lists each in /proc/net/tcp (tcp6 for IPv6) with
/// the uid that created it. The peer's socket is the entry whose local
/// address is our remote one and whose remote address is our local one. A
/// socket's uid is its creator's and cannot be changed, so another user cannot
/// pass for the person. An entry with inode 0 is a socket already closed
/// (TIME_WAIT, listed as uid 0) and says nothing: the peer is then unknown.
enum LoopbackPeer {
    /// The uid of the socket at `remote` connected to us at `local`; nil when
    /// the peer is not on loopback, not listed, or already gone.
    static func uid(remote: SocketAddress?, local: SocketAddress?) -> UInt32? {
        guard let remote, let local, let peerName = procName(remote), let ourName = procName(local) else { return nil }
        let table = remote.protocol == .inet6 ? "/proc/net/tcp6" : "/proc/net/tcp"
        var uid: UInt32 = 0
        return picker_tcp_peer_uid(table, peerName, ourName, &uid) == 0 ? uid : nil
    }

    /// An address as /proc/net/tcp writes it: each 32-bit word of the address
    /// as the machine holds it, in hex, then the port: `0100007F:1F90`.
    static func procName(_ address: SocketAddress) -> String? {
        switch address {
        case .v4(let v4):
            return hex(v4.address.sin_addr.s_addr, digits: 8) + ":" + hex(UInt32(UInt16(bigEndian: v4.address.sin_port)), digits: 4)
        case .v6(let v6):
            var words = ""
            withUnsafeBytes(of: v6.address.sin6_addr) { bytes in
                for offset in stride(from: 0, to: 16, by: 4) { words += hex(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self), digits: 8) }
            }
            return words + ":" + hex(UInt32(UInt16(bigEndian: v6.address.sin6_port)), digits: 4)
        case .unixDomainSocket:
            return nil
        }
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
