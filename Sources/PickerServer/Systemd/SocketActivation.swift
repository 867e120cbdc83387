#if canImport(Glibc)
import Glibc
#endif

/// systemd socket activation: the listening socket systemd passed in, if any.
enum SocketActivation {
    static let firstDescriptor: Int32 = 3

    struct Activated {
        var descriptor: Int32
        /// The path the socket is bound to, for logs.
        var path: String
    }

    /// When `LISTEN_PID` is this process and `LISTEN_FDS` is at least 1, the
    /// descriptor to use: the one `LISTEN_FDNAMES` calls `pickerd`, else the
    /// first. The variables are removed so children do not inherit them.
    static func adopt(environment: [String: String]) throws(StartupError) -> Activated? {
        defer {
            unsetenv("LISTEN_PID")
            unsetenv("LISTEN_FDS")
            unsetenv("LISTEN_FDNAMES")
        }
        guard let pid = environment["LISTEN_PID"].flatMap({ Int32($0) }), pid == getpid(),
            let count = environment["LISTEN_FDS"].flatMap({ Int32($0) }), count >= 1
        else { return nil }
        let names = environment["LISTEN_FDNAMES"]?.split(separator: ":", omittingEmptySubsequences: false) ?? []
        let index = names.firstIndex(of: "pickerd").map { Int32($0) } ?? 0
        guard index < count else { return nil }
        let descriptor = firstDescriptor + index
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        guard let path = listeningUnixStreamPath(descriptor) else {
            throw StartupError(
                "the socket systemd passed (fd \(descriptor)) is not a listening Unix stream socket; check ListenStream= in pickerd.socket"
            )
        }
        return Activated(descriptor: descriptor, path: path)
    }

    /// The bound path of a listening AF_UNIX SOCK_STREAM socket, else nil.
    private static func listeningUnixStreamPath(_ descriptor: Int32) -> String? {
        var value: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_TYPE, &value, &length) == 0, value == Int32(SOCK_STREAM.rawValue)
        else {
            return nil
        }
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) == 0, value == 1 else { return nil }
        var address = sockaddr_un()
        var addressLength = socklen_t(MemoryLayout<sockaddr_un>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &addressLength) }
        }
        guard named == 0, address.sun_family == sa_family_t(AF_UNIX) else { return nil }
        return withUnsafeBytes(of: &address.sun_path) { bytes in
            let path = bytes.prefix(Int(addressLength) - MemoryLayout<sa_family_t>.size)
            if path.first == 0 { return "@" + String(decoding: path.dropFirst().prefix { $0 != 0 }, as: UTF8.self) }
            return String(decoding: path.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
