import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Who may do what: the daemon's own user and root may do everything; anyone
/// else gets the union of the config rules that match their uid, gid or groups.
/// `alert` (a level above `statusBar`) is a permission like the others: only
/// the daemon's user and root have it unless a rule grants it.
public struct PermissionPolicy: Sendable, Equatable {
    public struct Rule: Sendable, Equatable {
        public enum Subject: Sendable, Equatable {
            case uid(UInt32)
            case gid(UInt32)
        }

        /// The keys of a rule in the config that name its subject; a rule has one.
        enum SubjectKey: String, CaseIterable {
            case user, group, uid, gid
        }

        public var subject: Subject
        public var allow: Set<Permission>

        public init(subject: Subject, allow: Set<Permission>) {
            self.subject = subject
            self.allow = allow
        }
    }

    public var daemonUID: UInt32
    public var rules: [Rule]

    public init(daemonUID: UInt32, rules: [Rule]) {
        self.daemonUID = daemonUID
        self.rules = rules
    }

    public func permissions(for peer: PeerCredentials) -> Set<Permission> {
        if peer.uid == 0 || peer.uid == daemonUID { return Set(Permission.allCases) }
        var granted = Set<Permission>()
        for rule in rules {
            switch rule.subject {
            case .uid(let uid) where uid == peer.uid:
                granted.formUnion(rule.allow)
            case .gid(let gid) where peer.groups.contains(gid):
                granted.formUnion(rule.allow)
            default:
                break
            }
        }
        return granted
    }
}

/// The peer of a Unix socket connection, from SO_PEERCRED at accept.
public struct PeerCredentials: Sendable, Equatable {
    public var uid: UInt32
    public var gid: UInt32
    public var pid: Int32
    /// The primary group and the supplementary groups the peer had at connect.
    public var groups: Set<UInt32>

    public init(uid: UInt32, gid: UInt32, pid: Int32, groups: Set<UInt32>? = nil) {
        self.uid = uid
        self.gid = gid
        self.pid = pid
        self.groups = groups ?? [gid]
    }
}

/// Name lookups in the user and group databases.
enum UserDatabase {
    static func uid(ofUser name: String) -> UInt32? {
        lookUp(name, in: passwd(), bufferSize: 4096, with: getpwnam_r)?.pw_uid
    }

    static func gid(ofGroup name: String) -> UInt32? {
        lookUp(name, in: group(), bufferSize: 16384, with: getgrnam_r)?.gr_gid
    }

    /// One `get…nam_r` call: the entry named `name`, or nil when there is none.
    private static func lookUp<Entry>(
        _ name: String, in entry: Entry, bufferSize: Int,
        with call: (
            UnsafePointer<CChar>, UnsafeMutablePointer<Entry>, UnsafeMutablePointer<CChar>, Int,
            UnsafeMutablePointer<UnsafeMutablePointer<Entry>?>
        ) -> Int32
    ) -> Entry? {
        var entry = entry
        var result: UnsafeMutablePointer<Entry>?
        var buffer = [CChar](repeating: 0, count: bufferSize)
        guard call(name, &entry, &buffer, buffer.count, &result) == 0, result != nil else { return nil }
        return entry
    }
}
