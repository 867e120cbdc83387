import PickerJSON
import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// What every connection to pickerd does before and around its requests,
/// whether it reads answers on a thread of its own (`ClientConnection`) or on
/// the caller's (`BlockingPickerClient`): find the socket (or the ssh that
/// reaches another machine's), connect, refuse a server it has no reason to
/// trust, and write each message as one line.
enum ClientSocket {
    /// A connection made, nothing sent yet.
    struct Channel {
        var descriptor: Int32
        /// What was connected to: the socket's path, or the ssh:// address.
        var name: String
        /// The ssh carrying it, when the daemon is on another machine.
        var tunnel: SSHTunnel?
    }

    /// Connects to `address` (see `PickerClient.connect`), and refuses a
    /// local server it has no reason to trust (`ServerTrust`, with
    /// `trustedUIDs` and those in `$PICKERD_TRUST_UID`); through ssh, that
    /// check is `dial-stdio`'s, on the far side.
    static func connect(_ address: String?, trusting trustedUIDs: [UInt32]) throws(PickerClientError) -> Channel {
        var environment: [String: String] = [:]
        for name in ["PICKERD_SOCKET", "XDG_RUNTIME_DIR", "PICKERD_TRUST_UID", "PICKERD_HOST"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let given = address ?? environment["PICKERD_HOST"].flatMap { $0.isEmpty ? nil : $0 }
        switch try given.map(DaemonAddress.init(parsing:)) ?? .socket(nil) {
        case .ssh(let destination):
            let tunnel = try SSHTunnel(destination, environment: POSIX.environment())
            return Channel(descriptor: tunnel.descriptor, name: destination.text, tunnel: tunnel)
        case .socket(let explicit):
            let path = SocketLocation.resolve(explicit: explicit, environment: environment, uid: getuid())
            let trusted = trustedUIDs + ServerTrust.namedUIDs(environment["PICKERD_TRUST_UID"])
            return Channel(descriptor: try open(path, trusting: trusted), name: path)
        }
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
