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
    public static func connect(socketPath: String?) throws(PickerClientError) -> Int32 {
        try ClientSocket.connect(socketPath ?? DaemonAddress.localName, trusting: []).descriptor
    }
}
