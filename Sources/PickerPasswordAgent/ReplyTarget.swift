#if canImport(Glibc)
import Glibc
#endif

/// The asker's AF_UNIX datagram socket, checked (`AskDirectory.replyTarget`).
public struct ReplyTarget: Sendable {
    /// The socket through the directory's descriptor: `/proc/self/fd/N/sck.…`.
    let path: String
    /// As the request named it, for messages.
    public let shownAs: String
    /// Keeps the descriptor `path` goes through open.
    let directory: AskDirectory

    /// Sends the answer as one datagram: `+` and the password, or `-` (the
    /// protocol's "depending on whether the password entry was successful or
    /// not"), without a final NUL. No credentials are attached by hand: the
    /// asker's socket has SO_PASSCRED, so the kernel adds this process's, and
    /// systemd takes the answer only from root or the asker's own user.
    /// Never blocks. Nil, or why it was not delivered.
    public func send(_ answer: PasswordAnswer) -> String? {
        var datagram = answer.datagram
        defer { datagram.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: path.utf8) }
        let sent = datagram.withUnsafeBytes { bytes in
            withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(
                        descriptor, bytes.baseAddress, bytes.count, Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL), $0,
                        socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
        }
        return sent == datagram.count ? nil : String(cString: strerror(errno))
    }
}

/// What goes back to the asker.
public enum PasswordAnswer: Sendable, Equatable {
    case password(String)
    case cancel

    /// The most a password may have: systemd reads an answer into LINE_MAX
    /// (2048) bytes after the `+`, and ignores a longer datagram.
    public static let largestPassword = 2048

    /// Why `value` cannot be sent as typed, as a sentence for the person; nil
    /// when it can. systemd splits an answer at NUL bytes (several passwords).
    public static func problem(with value: String) -> String? {
        if value.utf8.contains(0) {
            return
                "The answer was not sent: it holds a NUL character, which systemd would take for the end of the password."
        }
        let bytes = value.utf8.count
        if bytes > largestPassword {
            return "The answer was not sent: it has \(bytes) bytes, and systemd reads at most \(largestPassword)."
        }
        return nil
    }

    var datagram: [UInt8] {
        switch self {
        case .password(let value): return [UInt8(ascii: "+")] + Array(value.utf8)
        case .cancel: return [UInt8(ascii: "-")]
        }
    }
}
