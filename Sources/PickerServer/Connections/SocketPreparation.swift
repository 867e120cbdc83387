import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Why the daemon cannot listen where it was asked to.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    public var description: String

    package init(_ description: String) {
        self.description = description
    }
}

/// Gets a socket path ready to bind: creates its parent directory (with the
/// configured mode) when missing, refuses a directory that someone else could
/// use to replace the socket, replaces a stale socket file left by a dead
/// daemon, and refuses when a live daemon answers there.
enum SocketPreparation {
    static let maxPathBytes = UnixSocket.maxPathBytes

    static func prepare(path: String, directoryMode: UInt32) throws(StartupError) {
        guard path.utf8.count <= maxPathBytes else {
            throw StartupError(
                "the socket path \(path) is \(path.utf8.count) bytes long; Unix sockets allow at most \(maxPathBytes)")
        }
        try createParent(of: path, mode: directoryMode)
        try checkOwnership(of: SocketLocation.directory(of: path))
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw StartupError("\(path) exists and is not a socket; remove it or choose another --socket")
        }
        if isAnswering(path) {
            throw StartupError("another pickerd is listening on \(path); stop it first or choose another --socket")
        }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw StartupError("cannot remove the stale socket \(path): \(String(cString: strerror(errno)))")
        }
    }

    static func setMode(of path: String, to mode: UInt32) throws(StartupError) {
        guard chmod(path, mode_t(mode)) == 0 else {
            throw StartupError("cannot set the mode of \(path): \(String(cString: strerror(errno)))")
        }
    }

    private static func createParent(of path: String, mode: UInt32) throws(StartupError) {
        var components = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        var missing: [String] = []
        while !components.isEmpty {
            let directory = components.joined(separator: "/")
            if directory.isEmpty { break }
            var info = stat()
            if stat(directory, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw StartupError("\(directory) is not a directory, so the socket cannot be created in it")
                }
                break
            }
            missing.append(directory)
            components = components.dropLast()
        }
        for directory in missing.reversed() {
            guard mkdir(directory, mode_t(mode)) == 0 || errno == EEXIST else {
                throw StartupError("cannot create \(directory): \(String(cString: strerror(errno)))")
            }
            // mkdir applies the umask; the configured mode is what we promise.
            _ = chmod(directory, mode_t(mode))
        }
    }

    /// The socket's own directory must belong to this user or root, be
    /// writable by no one else, and not be a symbolic link. Otherwise another
    /// user could have made it beforehand (the `/tmp/pickerd-$UID` fallback is
    /// in a directory anyone may write to) and then rename the socket and
    /// listen there in its place, to answer the scripts and read the secrets.
    static func checkOwnership(of directory: String) throws(StartupError) {
        var info = stat()
        guard lstat(directory, &info) == 0 else {
            throw StartupError("cannot check the socket directory \(directory): \(String(cString: strerror(errno)))")
        }
        if info.st_mode & S_IFMT == S_IFLNK {
            throw StartupError(
                "the socket directory \(directory) is a symbolic link, which could be pointed elsewhere; give the real directory in --socket"
            )
        }
        let user = geteuid()
        if info.st_uid != user, info.st_uid != 0 {
            throw StartupError(
                "the socket directory \(directory) belongs to uid \(info.st_uid), not to pickerd's user (uid \(user)) or root, so that user could replace the socket; remove the directory if it is not yours, or choose another --socket"
            )
        }
        if info.st_mode & 0o022 != 0 {
            let who = info.st_mode & 0o002 != 0 ? "every user" : "its group"
            let mode = String(info.st_mode & 0o7777, radix: 8)
            throw StartupError(
                "the socket directory \(directory) is writable by \(who) (mode \(String(repeating: "0", count: 4 - mode.count) + mode)), so others could replace the socket; remove that write permission (chmod go-w \(directory)) or put the socket in a directory of its own with --socket"
            )
        }
    }

    /// Whether something accepts connections on the socket.
    private static func isAnswering(_ path: String) -> Bool {
        guard case .success(let descriptor) = UnixSocket.connect(to: path) else { return false }
        close(descriptor)
        return true
    }
}
