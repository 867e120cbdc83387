#if canImport(Glibc)
import Glibc
#endif

/// Connecting to a Unix stream socket, as every client here does.
public enum UnixSocket {
    /// sockaddr_un's path holds 108 bytes including the terminating NUL.
    public static let maxPathBytes = 107

    /// A connected, close-on-exec descriptor, or the errno that prevented it.
    public static func connect(to path: String) -> Result<Int32, Errno> {
        guard path.utf8.count <= maxPathBytes else { return .failure(Errno(ENAMETOOLONG)) }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            close(descriptor)
            return .failure(Errno(code))
        }
        return .success(descriptor)
    }

    /// An errno value with its message.
    public struct Errno: Error, Equatable, CustomStringConvertible {
        public var code: Int32
        public init(_ code: Int32) { self.code = code }
        public var description: String { String(cString: strerror(code)) }
    }
}
