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
        // The kernel completes a connection in the backlog: nobody need accept it.
        guard UnixSocketBinding.bind(descriptor, to: path) == 0, listen(descriptor, 8) == 0 else {
            throw TestFailure("cannot listen on \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }
}
