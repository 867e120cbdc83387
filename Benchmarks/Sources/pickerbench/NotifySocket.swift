#if canImport(Glibc)
import Glibc
#endif

/// The datagram socket systemd's notify protocol writes to, as systemd
/// would hold it: a daemon started with `NOTIFY_SOCKET=<path>` sends
/// `READY=1` there once it serves.
final class NotifySocket {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else {
            throw BenchmarkFailure("cannot make a datagram socket: \(String(cString: strerror(errno)))")
        }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw BenchmarkFailure("\(path) is too long for a socket")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        unlink(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else {
            close(descriptor)
            throw BenchmarkFailure("cannot bind \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Waits up to `timeout` seconds for a datagram holding `READY=1` (others,
    /// such as STATUS= alone, are passed over); false if none came.
    func waitForReady(timeout: Double) -> Bool {
        let start = ContinuousClock.now
        var message = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = timeout - seconds(since: start)
            guard left > 0 else { return false }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, Int32(left * 1000) + 1) == 1 else { continue }
            let count = message.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            if String(decoding: message[0..<count], as: UTF8.self).split(separator: "\n").contains("READY=1") {
                return true
            }
        }
    }
}
