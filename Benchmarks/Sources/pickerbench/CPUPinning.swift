import CPickerBench

#if canImport(Glibc)
import Glibc
#endif

/// Keeps servers and load apart: servers on the last CPU, pickerbench and the
/// processes it runs as clients on the others. Left to the scheduler, a client
/// and its server sometimes share a core and sometimes not, which moved the
/// floor's pipelined rate between 84,000 and 440,000 requests/s from round to
/// round; pinned, the rounds agree.
enum CPUPinning {
    static let cpuCount = Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    static var isActive: Bool { cpuCount >= 2 }

    /// Runs `start` (which spawns a server) with this thread on the server CPU,
    /// so the server inherits it, then moves this thread back to the client CPUs.
    static func asServer<T>(_ start: () throws -> T) rethrows -> T {
        guard isActive else { return try start() }
        pin(to: (cpuCount - 1)...(cpuCount - 1))
        defer { pinToClientCPUs() }
        return try start()
    }

    static func pinToClientCPUs() {
        guard isActive else { return }
        pin(to: 0...(cpuCount - 2))
    }

    private static func pin(to cpus: ClosedRange<Int>) {
        _ = picker_pin_thread_to_cpus(Int32(cpus.lowerBound), Int32(cpus.upperBound))
    }
}
