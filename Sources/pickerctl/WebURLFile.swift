import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// The URL a running pickerweb left for `pickerctl notify` and the asking
/// commands' hint (pickerweb's `WebURLFile` writes it).
enum WebURLFile {
    /// The URL, if any: only from a file of this user's, in a folder only
    /// they may write to (another user could otherwise make
    /// `/tmp/pickerd-UID` first and hand out their own URL).
    static func read(environment: [String: String]) -> String? {
        let path = SocketLocation.webURLFile(environment: environment, uid: getuid())
        guard POSIX.problem(withOwnFolder: SocketLocation.directory(of: path)) == nil else { return nil }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else {
            return nil
        }
        guard case .success(let bytes?) = POSIX.readAll(from: descriptor, limit: 4096) else { return nil }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }
}
