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
        guard uid != 0 else {
            throw TestFailure("process \(pid) runs as root: /proc cannot tell whether it is dumpable")
        }
        var info = stat()
        guard stat("/proc/\(pid)/status", &info) == 0 else { throw TestFailure("no /proc/\(pid)") }
        return info.st_uid == uid
    }

    /// Whether a thread of the process is blocked in read(2) on `descriptor`,
    /// from /proc/PID/task/*/syscall (the call's number, then its arguments).
    public static func isReading(_ pid: Int32, descriptor: Int32) -> Bool {
        #if arch(x86_64)
        let read = "0"
        #else
        let read = "63"  // arm64's generic table
        #endif
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.contains { task in
            let call = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/syscall", encoding: .utf8)) ?? ""
            return call.hasPrefix("\(read) 0x\(String(descriptor, radix: 16)) ")
        }
    }

    /// The arguments, from /proc/PID/cmdline (what every user can read).
    public static func commandLine(of pid: Int32) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/cmdline"))
        return data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
