import PickerProtocol
import PickerSystem

/// Who asks, as a window's owner tells the person (README, "Who asks"): the
/// peer's uid and pid from SO_PEERCRED, which the kernel vouches for, and two
/// names read when the window is presented, for the front-ends to show: the
/// uid's user name and the process's name (`ProcessNames`).
enum AskerIdentity {
    static func peer(_ credentials: PeerCredentials) -> Peer {
        Peer(
            uid: credentials.uid, pid: credentials.pid, user: userName(credentials.uid),
            command: ProcessNames.command(of: credentials.pid))
    }

    /// User names by uid, looked up once each: the user database may be a
    /// network service, and a name seldom changes while the daemon runs.
    private static let names = Locked<[UInt32: String?]>([:])

    static func userName(_ uid: UInt32) -> String? {
        if let known = names.withLock({ $0[uid] }) { return known }
        let name = ProcessNames.userName(uid)
        names.withLock { names in
            if names.count >= 1024 { names.removeAll() }
            names[uid] = .some(name)
        }
        return name
    }
}
