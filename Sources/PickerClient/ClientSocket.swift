import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// What every connection to pickerd does before and around its requests,
/// whether it reads answers on a thread of its own (`ClientConnection`) or on
/// the caller's (`BlockingPickerClient`): find the socket, connect, refuse a
/// server it has no reason to trust, and write each message as one line.
enum ClientSocket {
    /// The socket to connect to and the uids trusted besides this user and
    /// root: `socketPath`, else the first of `$PICKERD_SOCKET`,
    /// `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`, `/tmp/pickerd-$UID/pickerd.sock`;
    /// `trustedUIDs` and those in `$PICKERD_TRUST_UID`.
    static func endpoint(socketPath: String?, trustedUIDs: [UInt32]) -> (path: String, trusted: [UInt32]) {
        var environment: [String: String] = [:]
        for name in ["PICKERD_SOCKET", "XDG_RUNTIME_DIR", "PICKERD_TRUST_UID"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let path = SocketLocation.resolve(explicit: socketPath, environment: environment, uid: getuid())
        return (path, trustedUIDs + ServerTrust.namedUIDs(environment["PICKERD_TRUST_UID"]))
    }

    /// A connected descriptor, once `ServerTrust` accepts who listens; nothing
    /// has been sent.
    static func open(_ socketPath: String, trusting trustedUIDs: [UInt32]) throws(PickerClientError) -> Int32 {
        let descriptor: Int32
        switch UnixSocket.connect(to: socketPath) {
        case .success(let connected):
            descriptor = connected
        case .failure(let error) where error.code == EACCES || error.code == EPERM:
            throw .socketPermissionDenied(socket: socketPath)
        case .failure(let error):
            throw .unreachable(socket: socketPath, reason: error.description)
        }
        do {
            try ServerTrust.check(descriptor: descriptor, socketPath: socketPath, trusting: trustedUIDs)
        } catch {
            close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Writes `message` and a newline, all of it; the failure, if any.
    static func writeLine(_ message: JSON, to descriptor: Int32) -> PickerClientError? {
        var bytes: [UInt8] = []
        message.serialize(into: &bytes)
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes {
                send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                return .disconnected(reason: String(cString: strerror(errno)))
            }
            offset += written
        }
        return nil
    }
}
