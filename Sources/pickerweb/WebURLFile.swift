import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The page's URL, token included, left where `pickerctl` finds it
/// (`SocketLocation.webURLFile`) for `pickerctl notify` and the asking
/// commands' hint, which read it (pickerctl's `WebURLFile`). Readable by its
/// user alone, in a folder only they may write.
enum WebURLFile {
    static func path(environment: [String: String], uid: UInt32 = getuid()) -> String {
        SocketLocation.webURLFile(environment: environment, uid: uid)
    }

    /// Writes `url`; nil, or the sentence that says why not. The folder is made
    /// (0700) when missing, and refused when another user owns it or may write
    /// to it: they could read the token or put their own URL there.
    static func write(_ url: String, to path: String) -> String? {
        let folder = SocketLocation.directory(of: path)
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            return "cannot make \(folder): \(POSIX.message())"
        }
        if let problem = POSIX.problem(withOwnFolder: folder) { return "\(problem); the URL is not written there" }
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
    static func remove(_ url: String, at path: String) {
        guard POSIX.text(of: path) == url + "\n" else { return }
        unlink(path)
    }
}
