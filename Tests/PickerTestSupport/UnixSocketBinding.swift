import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Binds a Unix socket to a path: the tests' stand-ins for another
/// program's socket (an asker's, a pickerd that never answers) make theirs so.
public enum UnixSocketBinding {
    /// 0, or -1 with errno set.
    public static func bind(_ descriptor: Int32, to path: String) -> Int32 {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
    }
}
