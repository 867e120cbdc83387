#if canImport(Glibc)
import Glibc
#endif

/// Whether stderr goes to journald: `$JOURNAL_STREAM` names the device and
/// inode of the stream systemd connected, and counts only if stderr is still
/// that stream (a child whose stderr was redirected inherits the variable).
public enum JournalStream {
    public static func isStderr(environment: [String: String]) -> Bool {
        guard let value = environment["JOURNAL_STREAM"] else { return false }
        let parts = value.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(2, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }
}
