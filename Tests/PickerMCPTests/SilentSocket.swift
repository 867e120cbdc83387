import Foundation
import PickerTestSupport

/// A Unix socket that accepts connections and never answers: a pickerd that
/// hangs, or another program of the person's at its path.
final class SilentSocket: @unchecked Sendable {
    // @unchecked: owned by the one test that made it.
    let path: String
    private let descriptor: Int32

    init() throws {
        path = NSTemporaryDirectory() + "pickermcp-silent-\(UUID().uuidString.prefix(8)).sock"
        descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        // The kernel completes a connection in the backlog: nobody need accept it.
        guard bound == 0, listen(descriptor, 8) == 0 else { throw TestFailure("cannot listen on \(path): \(String(cString: strerror(errno)))") }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
