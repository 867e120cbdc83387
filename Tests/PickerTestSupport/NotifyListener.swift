import Foundation

/// Plays systemd's side of the notify protocol: a datagram socket (a path, or
/// an abstract name given as `@name`) that collects what the daemon sends.
public final class NotifyListener: @unchecked Sendable {
    // @unchecked: used by the one test that made it.
    public let address: String
    private let descriptor: Int32
    public private(set) var messages: [String] = []

    public init(abstract: Bool = false) throws {
        let name = "pickerd-notify-\(UUID().uuidString.prefix(8))"
        address = abstract ? "@\(name)" : NSTemporaryDirectory() + name
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var bytes = Array(address.utf8)
        if abstract { bytes[0] = 0 }
        var socketAddress = sockaddr_un()
        socketAddress.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &socketAddress.sun_path) { $0.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count)
        let result = withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard result == 0 else {
            throw TestFailure("cannot bind the notify socket: \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
        if !address.hasPrefix("@") { unlink(address) }
    }

    /// Waits until a message contains `text`; returns it (nil after `timeout`).
    @discardableResult
    public func waitFor(_ text: String, timeout: TimeInterval = 10) -> String? {
        if let found = messages.first(where: { $0.contains(text) }) { return found }
        let deadline = Date().addingTimeInterval(timeout)
        while let message = receive(until: deadline) {
            if message.contains(text) { return message }
        }
        return nil
    }

    /// Waits until `count` messages contain `text`; whether they did within `timeout`.
    public func waitFor(_ count: Int, of text: String, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while self.count(text) < count {
            guard receive(until: deadline) != nil else { return false }
        }
        return true
    }

    /// The next message, added to `messages`; nil when none came before `deadline`.
    private func receive(until deadline: Date) -> String? {
        while Date() < deadline {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(max(1, min(100, deadline.timeIntervalSinceNow * 1000)))
            guard poll(&poller, 1, milliseconds) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { continue }
            let message = String(decoding: buffer[0..<count], as: UTF8.self)
            messages.append(message)
            return message
        }
        return nil
    }

    /// How many messages so far contain `text`.
    public func count(_ text: String) -> Int {
        messages.filter { $0.contains(text) }.count
    }
}
