import CPickerSystem

#if canImport(Glibc)
import Glibc
#endif

extension PeerCredentials {
    /// The peer of a connected Unix socket as the kernel recorded it at
    /// connect: SO_PEERCRED, and the groups the process really had
    /// (SO_PEERGROUPS), not what the group database says now. Two system
    /// calls and no lookups, so it never blocks the event loop.
    static func read(fromSocket descriptor: Int32) -> PeerCredentials? {
        var credentials = picker_peer_credentials()
        guard picker_peer_credentials_of(descriptor, &credentials) == 0 else { return nil }
        var groups = [UInt32](repeating: 0, count: 64)
        var count: Int32 = 0
        var result = picker_peer_groups_of(descriptor, &groups, Int32(groups.count), &count)
        if result == ERANGE {
            groups = [UInt32](repeating: 0, count: Int(count))
            result = picker_peer_groups_of(descriptor, &groups, Int32(groups.count), &count)
        }
        // A kernel without SO_PEERGROUPS (before 4.13, some sandboxes): the
        // primary group only, never a lookup in the group database.
        if result == ENOPROTOOPT || result == EINVAL {
            count = 0
        } else if result != 0 {
            return nil
        }
        let supplementary = Set(groups.prefix(Int(count)))
        return PeerCredentials(
            uid: credentials.uid, gid: credentials.gid, pid: credentials.pid,
            groups: supplementary.union([credentials.gid]))
    }
}
