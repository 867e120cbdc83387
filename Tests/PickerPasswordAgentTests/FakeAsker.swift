import Foundation
import PickerTestSupport

/// An asker made here, as systemd's ask-password-api makes one: a datagram
/// socket (`sck.*`), then an ask file written aside and renamed into place.
/// For requests systemd-ask-password cannot make: a user's own, and hostile ones.
final class FakeAsker: @unchecked Sendable {
    // @unchecked: owned by one test.
    let socketPath: String
    let filePath: String
    private let descriptor: Int32

    /// `socketDirectory` puts the socket elsewhere than `directory`; `owner`
    /// gives the file and the socket to that user; `lines` follow the usual ones.
    init(
        in directory: String, message: String = "Fake request", socketDirectory: String? = nil, owner: UInt32? = nil,
        lines: [String] = []
    ) throws {
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        socketPath = "\(socketDirectory ?? directory)/sck.\(suffix)"
        filePath = "\(directory)/ask.\(suffix)"
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard UnixSocketBinding.bind(descriptor, to: socketPath) == 0 else {
            throw TestFailure("cannot bind \(socketPath): \(String(cString: strerror(errno)))")
        }
        chmod(socketPath, 0o600)
        if let owner { chown(socketPath, owner, owner) }
        let text =
            ([
                "[Ask]", "PID=\(getpid())", "Socket=\(socketPath)", "AcceptCached=0", "Echo=0", "NotAfter=0",
                "Message=\(message)",
            ] + lines)
            .joined(separator: "\n") + "\n"
        try Self.publish(text, at: filePath, owner: owner)
    }

    /// Writes `text` beside `path` (as `tmp.*`, which no agent reads) and
    /// renames it there (IN_MOVED_TO), 0644.
    static func publish(_ text: String, at path: String, owner: UInt32? = nil, mode: mode_t = 0o644) throws {
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent().appendingPathComponent("tmp." + url.lastPathComponent).path
        try text.write(toFile: temporary, atomically: false, encoding: .utf8)
        chmod(temporary, mode)
        if let owner { chown(temporary, owner, owner) }
        guard rename(temporary, path) == 0 else { throw TestFailure("cannot rename \(temporary)") }
    }

    deinit {
        close(descriptor)
        unlink(socketPath)
        unlink(filePath)
    }

    /// The next datagram, or nil when none comes within `timeout` seconds.
    func receive(timeout: Double = 15) -> [UInt8]? {
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count < 0 ? nil : Array(buffer[0..<count])
    }
}
