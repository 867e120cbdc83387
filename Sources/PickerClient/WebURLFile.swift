import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// `$XDG_RUNTIME_DIR/pickerd/web-url` (or `/tmp/pickerd-$UID/web-url`): the
/// page's URL, token included, for `pickerctl notify` and the asking
/// commands' hint. Readable by its user alone, in a folder only they may write.
public enum WebURLFile {
    public static func path(environment: [String: String], uid: UInt32 = getuid()) -> String {
        let socket = SocketLocation.resolve(explicit: nil, environment: environment.filter { $0.key != "PICKERD_SOCKET" }, uid: uid)
        return SocketLocation.directory(of: socket) + "/web-url"
    }

    /// Writes `url`; nil, or the sentence that says why not. The folder is made
    /// (0700) when missing, and refused when another user owns it or may write
    /// to it: they could read the token or put their own URL there.
    public static func write(_ url: String, to path: String) -> String? {
        let folder = SocketLocation.directory(of: path)
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            return "cannot make \(folder): \(POSIX.message())"
        }
        if let problem = problem(withFolder: folder) { return "\(problem); the URL is not written there" }
        let temporary = path + ".new"
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return "cannot write \(temporary): \(POSIX.message())" }
        let written = POSIX.writeAll(Array((url + "\n").utf8), to: descriptor)
        close(descriptor)
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return "cannot write \(path): \(POSIX.message())"
        }
        return nil
    }

    /// Removes the file if it still holds `url` (another pickerweb may have
    /// written its own since).
    public static func remove(_ url: String, at path: String) {
        guard POSIX.text(of: path) == url + "\n" else { return }
        unlink(path)
    }

    /// The URL a running pickerweb wrote, if any: only from a file of this
    /// user's, in a folder only they may write to (another user could
    /// otherwise make `/tmp/pickerd-UID` first and hand out their own URL).
    public static func read(environment: [String: String]) -> String? {
        let path = path(environment: environment)
        guard problem(withFolder: SocketLocation.directory(of: path)) == nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { return nil }
        guard case .success(let bytes?) = POSIX.readAll(from: descriptor, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    /// Why `folder` is not one of this user's that only they may write to; nil when it is.
    private static func problem(withFolder folder: String) -> String? {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return "cannot read \(folder): \(POSIX.message())" }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            return "\(folder) is not a folder of yours that only you may write to"
        }
        return nil
    }
}
