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
///
/// An IPv6 listener that also takes IPv4 (bound to `::ffff:127.0.0.1`, or
/// dual-stack) sees an IPv4 client as `::ffff:127.0.0.1`, but the client's own
/// socket is IPv4 and listed in /proc/net/tcp only; such a pair is looked up
/// there first, as IPv4, then in tcp6 (a client that connected from an IPv6
/// socket to the mapped address).
enum LoopbackPeer {
    /// The uid of the socket at `remote` connected to us at `local`; nil when
    /// the peer is not on loopback, not listed, or already gone.
    static func uid(remote: SocketAddress?, local: SocketAddress?) -> UInt32? {
        guard let remote, let local, let peerName = procName(remote), let ourName = procName(local) else { return nil }
        if let peerName = mappedIPv4ProcName(remote), let ourName = mappedIPv4ProcName(local),
            let uid = uid(in: "/proc/net/tcp", peer: peerName, ours: ourName)
        {
            return uid
        }
        return uid(in: remote.protocol == .inet6 ? "/proc/net/tcp6" : "/proc/net/tcp", peer: peerName, ours: ourName)
    }

    private static func uid(in table: String, peer: String, ours: String) -> UInt32? {
        var uid: UInt32 = 0
        return picker_tcp_peer_uid(table, peer, ours, &uid) == 0 ? uid : nil
    }

    /// A v4-mapped IPv6 address (`::ffff:a.b.c.d`) as /proc/net/tcp writes
    /// its IPv4 address; nil for any other address.
    static func mappedIPv4ProcName(_ address: SocketAddress) -> String? {
        guard case .v6(let v6) = address else { return nil }
        return withUnsafeBytes(of: v6.address.sin6_addr) { bytes -> String? in
            guard bytes.prefix(10).allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
            return hex(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self), digits: 8) + ":"
                + port(v6.address.sin6_port)
        }
    }

    /// An address as /proc/net/tcp writes it: each 32-bit word of the address
    /// as the machine holds it, in hex, then the port: `0100007F:1F90`.
    static func procName(_ address: SocketAddress) -> String? {
        switch address {
        case .v4(let v4):
            return hex(v4.address.sin_addr.s_addr, digits: 8) + ":" + port(v4.address.sin_port)
        case .v6(let v6):
            var words = ""
            withUnsafeBytes(of: v6.address.sin6_addr) { bytes in
                for offset in stride(from: 0, to: 16, by: 4) {
                    words += hex(bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self), digits: 8)
                }
            }
            return words + ":" + port(v6.address.sin6_port)
        case .unixDomainSocket:
            return nil
        }
    }

    /// A port (held in network order) as /proc/net/tcp writes it.
    private static func port(_ networkOrder: UInt16) -> String {
        hex(UInt32(UInt16(bigEndian: networkOrder)), digits: 4)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
