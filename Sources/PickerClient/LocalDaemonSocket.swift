#if canImport(Glibc)
import Glibc
#endif

/// A bare connection to the daemon on this machine, for a program that
/// carries another client's lines to it unread (`pickerctl dial-stdio`).
public enum LocalDaemonSocket {
    /// A connected descriptor to `socketPath`, or to the first of
    /// `$PICKERD_SOCKET`, `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`,
    /// `/tmp/pickerd-$UID/pickerd.sock`: never `$PICKERD_HOST`, which would
    /// send the lines on to yet another machine. The daemon must be one this
    /// user trusts, as for every client (`ServerTrust`).
    /// `socketPath` is a path, whatever it looks like (never an ssh:// address).
    public static func connect(socketPath: String?) throws(PickerClientError) -> Int32 {
        guard let socketPath else { return try ClientSocket.connect(DaemonAddress.localName, trusting: []).descriptor }
        let trusted = ServerTrust.namedUIDs(getenv("PICKERD_TRUST_UID").map { String(cString: $0) })
        return try ClientSocket.open(socketPath, trusting: trusted)
    }
}
