import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// systemd's notify protocol, written out: one datagram per message to the
/// Unix socket named by `$NOTIFY_SOCKET` (a leading `@` means the abstract
/// namespace). Does nothing when the variable is unset.
package final class SystemdNotifier: Sendable {
    private let address: [UInt8]?
    private let descriptor: Int32

    package init(environment: [String: String]) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty, path.utf8.count <= UnixSocket.maxPathBytes,
            path.hasPrefix("/") || path.hasPrefix("@")
        else {
            address = nil
            descriptor = -1
            return
        }
        var bytes = Array(path.utf8)
        // Abstract addresses start with a NUL byte and are exactly as long as given.
        if bytes[0] == UInt8(ascii: "@") { bytes[0] = 0 }
        address = bytes
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    var isActive: Bool { address != nil && descriptor >= 0 }

    /// Sends `KEY=VALUE` lines as one datagram.
    func send(_ assignments: String) {
        guard let address, descriptor >= 0 else { return }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: address) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + address.count)
        var message = Array(assignments.utf8)
        _ = withUnsafePointer(to: &socketAddress) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { target in
                message.withUnsafeMutableBytes {
                    sendto(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), target, length)
                }
            }
        }
    }

    func ready(status: String) { send("READY=1\nSTATUS=\(status)") }
    func status(_ text: String) { send("STATUS=\(text)") }
    func stopping() { send("STOPPING=1\nSTATUS=stopping") }
    func watchdog() { send("WATCHDOG=1") }

    /// RELOADING=1 with the monotonic time systemd wants beside it.
    func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        send("RELOADING=1\nMONOTONIC_USEC=\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)")
    }

    /// Half of `$WATCHDOG_USEC` when systemd expects pings from this process.
    static func watchdogInterval(environment: [String: String]) -> Int64? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = Int64(text), microseconds > 0 else {
            return nil
        }
        if let pid = environment["WATCHDOG_PID"], Int32(pid) != getpid() { return nil }
        return microseconds / 2
    }
}
