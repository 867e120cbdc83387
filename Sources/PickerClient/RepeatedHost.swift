import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The same daemon given twice to a front-end that follows several
/// (`pickerctl ui --host ssh://x --host ssh://x`) would show each window twice
/// under two labels, and every answer would go to one of them by chance: it
/// is refused before anything runs.
public enum RepeatedHost {
    /// The daemon an address names, as far as the text tells: a socket by the
    /// path the client finds (`local` is the usual place, spelled however),
    /// an ssh destination by its parts (`ssh://x` and `ssh://x/` are one).
    enum Daemon: Hashable {
        case socket(path: String)
        case ssh(user: String?, host: String, port: UInt16?, socket: String?)
    }

    /// The sentence refusing the first of `addresses` (as `--host` gives
    /// them) that names a daemon an earlier one names; nil when each is
    /// given once. `local`: what `local` means here (a `--socket` given).
    public static func sentence(
        for addresses: [String], local: String? = nil, environment: [String: String] = POSIX.environment(),
        uid: UInt32 = getuid()
    ) -> String? {
        var named: [Daemon: String] = [:]
        for text in addresses {
            guard var address = try? DaemonAddress(parsing: text) else { continue }
            if case .socket(nil) = address { address = .socket(local) }
            let daemon = daemon(address, environment: environment, uid: uid)
            if let earlier = named[daemon] {
                let also = earlier == text ? "" : " (as \(earlier) too)"
                return "--host \(text) is given twice\(also); give each host once"
            }
            named[daemon] = text
        }
        return nil
    }

    static func daemon(_ address: DaemonAddress, environment: [String: String], uid: UInt32) -> Daemon {
        switch address {
        case .socket(let path):
            .socket(path: normalized(SocketLocation.resolve(explicit: path, environment: environment, uid: uid)))
        case .ssh(let destination):
            .ssh(
                user: destination.user, host: destination.host.lowercased(), port: destination.port,
                socket: destination.socket.map(normalized))
        }
    }

    /// `path` without empty or `.` parts (`/run//a/./p.sock` is `/run/a/p.sock`).
    static func normalized(_ path: String) -> String {
        let parts = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + parts : parts
    }
}
