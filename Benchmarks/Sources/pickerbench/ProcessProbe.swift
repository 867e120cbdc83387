import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// What /proc says about a running server: its resident memory and the CPU
/// time it has used, to tell whether a load saturated the server or the client.
struct ProcessProbe {
    let pid: Int32

    /// VmRSS in bytes.
    func residentBytes() -> Double { statusBytes("VmRSS:") }

    /// VmHWM in bytes: the most resident memory since the start or `resetPeak`.
    func peakResidentBytes() -> Double { statusBytes("VmHWM:") }

    /// Starts VmHWM again from the present VmRSS (needs the right to write
    /// the process's clear_refs: its user, or root).
    func resetPeak() {
        guard let file = fopen("/proc/\(pid)/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    /// The processes it started that are still its children (each thread
    /// lists those it started).
    func children() -> [Int32] {
        guard let tasks = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(tasks) }
        var found: [Int32] = []
        while let entry = readdir(tasks) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard Int32(name) != nil else { continue }
            let listed = readText("/proc/\(pid)/task/\(name)/children") ?? ""
            found += listed.split(separator: " ").compactMap { Int32(String($0)) }
        }
        return found
    }

    private func statusBytes(_ field: String) -> Double {
        guard let status = readText("/proc/\(pid)/status") else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix(field) {
            let digits = line.filter(\.isNumber)
            return (Double(String(digits)) ?? .nan) * 1024
        }
        return .nan
    }

    /// User plus system CPU seconds of all the process's threads.
    func cpuSeconds() -> Double {
        guard let stat = readText("/proc/\(pid)/stat"), let close = stat.lastIndex(of: ")") else { return .nan }
        // Fields after the command name, which may hold spaces: state is field 3,
        // utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(String(fields[11])), let system = Double(String(fields[12])) else {
            return .nan
        }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }
}

/// CPU seconds this process has used (all threads).
func ownCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

func readText(_ path: String) -> String? {
    POSIX.text(of: path)
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
