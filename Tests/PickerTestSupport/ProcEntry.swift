import Foundation

/// What /proc tells about another process.
public enum ProcEntry {
    /// The real uid, from /proc/PID/status.
    public static func uid(of pid: Int32) throws -> UInt32 {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Uid:") }),
            let uid = line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap({ UInt32($0) })
        else { throw TestFailure("no Uid in /proc/\(pid)/status") }
        return uid
    }

    /// Whether the process is dumpable. The kernel gives /proc/PID's files to
    /// root while a process is not dumpable (proc(5)), so this tells only for
    /// a process that does not run as root.
    public static func isDumpable(_ pid: Int32) throws -> Bool {
        let uid = try uid(of: pid)
        guard uid != 0 else { throw TestFailure("process \(pid) runs as root: /proc cannot tell whether it is dumpable") }
        var info = stat()
        guard stat("/proc/\(pid)/status", &info) == 0 else { throw TestFailure("no /proc/\(pid)") }
        return info.st_uid == uid
    }

    /// The arguments, from /proc/PID/cmdline (what every user can read).
    public static func commandLine(of pid: Int32) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
