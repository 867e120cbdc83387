import CPickerSystem
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Whether the process that serves a socket may be given requests, answers and
/// secrets. A socket path proves nothing: in the `/tmp/pickerd-$UID` fallback
/// another user can make the directory first, or rename the real socket and
/// listen in its place. So the client asks the kernel who listens
/// (SO_PEERCRED on the connected socket) and trusts only:
///
/// 1. its own user, or root (which is also who listens for a socket that
///    systemd activates, like the system unit's `/run/pickerd/pickerd.sock`);
/// 2. a uid named in `$PICKERD_TRUST_UID` (comma-separated);
/// 3. the user that owns the socket's directory, when that directory is not a
///    symbolic link, writable by no one else, and in a directory that belongs
///    to root and is writable by no one else (`/run/pickerd` made by root for
///    the service's user): only root could have given it to that user.
enum ServerTrust {
    static func check(descriptor: Int32, socketPath: String, trusting named: [UInt32]) throws(PickerClientError) {
        var credentials = picker_peer_credentials()
        var length = socklen_t(MemoryLayout<picker_peer_credentials>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else {
            throw .unreachable(
                socket: socketPath, reason: "cannot tell who serves it: \(String(cString: strerror(errno)))")
        }
        let server = credentials.uid
        if server == geteuid() || server == 0 || named.contains(server) { return }
        if isDelegatedByRoot(SocketLocation.directory(of: socketPath), to: server) { return }
        throw .untrustedServer(socket: socketPath, uid: server)
    }

    /// The uids in `$PICKERD_TRUST_UID`: numbers separated by commas.
    static func namedUIDs(_ text: String?) -> [UInt32] {
        (text ?? "").split(separator: ",").compactMap { UInt32($0.filter { !$0.isWhitespace }) }
    }

    private static func isDelegatedByRoot(_ directory: String, to user: UInt32) -> Bool {
        guard directory.hasPrefix("/"), directory != "/" else { return false }
        var socketDirectory = stat()
        var parent = stat()
        guard lstat(directory, &socketDirectory) == 0, lstat(SocketLocation.directory(of: directory), &parent) == 0
        else {
            return false
        }
        return socketDirectory.st_mode & S_IFMT == S_IFDIR && socketDirectory.st_uid == user
            && socketDirectory.st_mode & 0o022 == 0
            && parent.st_mode & S_IFMT == S_IFDIR && parent.st_uid == 0 && parent.st_mode & 0o022 == 0
    }
}
