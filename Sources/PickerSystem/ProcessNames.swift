#if canImport(Glibc)
import Glibc
#endif

/// The names a person knows a process by: its user's name and its own
/// (/proc/PID/comm), fit to show: shortened, and without control or format
/// characters, so a name cannot move a terminal's cursor or reorder the text
/// around it (bidi controls). Both are what the process or the user database
/// say; only the uid and pid are the kernel's word.
public enum ProcessNames {
    /// The longest name kept, in characters.
    public static let limit = 64

    /// The name of `uid`'s user, nil when the database has none.
    public static func userName(_ uid: UInt32) -> String? {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, result != nil, let name = entry.pw_name
        else { return nil }
        return visible(String(cString: name))
    }

    /// The real uid of process `pid` (the first of the `Uid:` line of
    /// /proc/PID/status: who started it), nil when it is gone. Not the owner
    /// of /proc/PID, which is the effective uid: root for a set-user-ID
    /// program a user runs (proc(5); such a process is also not dumpable,
    /// so its files in /proc, status among them, belong to root, though
    /// anyone may still read status).
    public static func uid(of pid: Int32) -> UInt32? {
        guard pid > 0, let status = POSIX.text(of: "/proc/\(pid)/status", limit: 1 << 16),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") })
        else { return nil }
        return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { UInt32($0) }
    }

    /// The process's name (comm: its executable's, at most 15 bytes, which it
    /// may change), nil when it is gone or out of sight (pid 0: in another
    /// pid namespace). Not its command line, which may carry a password given
    /// as an argument.
    public static func command(of pid: Int32) -> String? {
        guard pid > 0, let text = POSIX.text(of: "/proc/\(pid)/comm", limit: 64) else { return nil }
        let name = visible(String(text.prefix { $0 != "\n" }))
        return name.isEmpty ? nil : name
    }

    /// `text` without control or format characters (each becomes `?`), at
    /// most `limit` characters.
    public static func visible(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate, .privateUse:
                shown.unicodeScalars.append("?")
            default:
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
