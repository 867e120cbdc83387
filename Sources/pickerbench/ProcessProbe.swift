#if canImport(Glibc)
import Glibc
#endif

/// What /proc says about a running server: its resident memory and the CPU
/// time it has used, to tell whether a load saturated the server or the client.
struct ProcessProbe {
    let pid: Int32

    /// VmRSS in bytes.
    func residentBytes() -> Double {
        guard let status = readText("/proc/\(pid)/status") else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
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
        guard fields.count > 12, let user = Double(String(fields[11])), let system = Double(String(fields[12])) else { return .nan }
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
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count <= 0 { break }
        bytes.append(contentsOf: chunk[0..<count])
    }
    return String(decoding: bytes, as: UTF8.self)
}

func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
