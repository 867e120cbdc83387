/// What `/proc/PID/stat` says of a process: `PID (NAME) STATE PPID …`, its
/// start time the 22nd field. The one reader of that line, for the programs
/// that name who asks by the chain of parent processes (the askpass program,
/// the pinentry).
///
/// The name sits between the first `(` and the last `)`, since it may itself
/// hold parentheses and spaces. It is the process's to choose (at most 15
/// bytes, and anything but NUL): show it only made visible.
public struct ProcessStat: Sendable, Equatable {
    /// The name as the process set it, raw.
    public var name: String
    public var parent: Int32
    /// When it started, in clock ticks since boot; nil when the line is cut short.
    public var startTime: UInt64?
    /// Whether it has ended: a zombie (`Z`) or dead (`X`).
    public var hasEnded: Bool

    /// The stat line `line`; nil when it is not one.
    public init?(line: some Collection<UInt8>) {
        let line = Array(line)
        guard let open = line.firstIndex(of: UInt8(ascii: "(")), let close = line.lastIndex(of: UInt8(ascii: ")")),
            open < close
        else { return nil }
        let fields = line[(close + 1)...].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2, let parent = Int32(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        let state = fields[0].first ?? 0
        name = String(decoding: line[(open + 1)..<close], as: UTF8.self)
        self.parent = parent
        startTime = fields.count > 19 ? UInt64(String(decoding: fields[19], as: UTF8.self)) : nil
        hasEnded = state == UInt8(ascii: "Z") || state == UInt8(ascii: "X")
    }

    /// Process `pid`'s, read from `proc`; nil when it is gone.
    public static func of(_ pid: Int32, proc: String = "/proc") -> ProcessStat? {
        guard pid > 0, let line = POSIX.contents(of: "\(proc)/\(pid)/stat", limit: 4096) else { return nil }
        return ProcessStat(line: line)
    }
}
