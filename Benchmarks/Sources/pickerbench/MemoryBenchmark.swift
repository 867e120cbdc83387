import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// Resident memory from /proc: an idle daemon (memory and durable state) and
/// the growth per open window with 100,000 windows open. Fresh daemons each round.
struct MemoryBenchmark {
    var rounds = 3
    var openWindows = 100_000

    func run() throws -> [TargetCheck] {
        print("memory: VmRSS of pickerd (\(rounds) rounds, fresh daemons; medians, min–max)\n")
        var idle = DurabilitySamples()
        var perWindow = DurabilitySamples()
        try Durability.alternate(rounds: rounds, manyWindows: true) { durability, daemon in
            _ = try LoadConnection(socketPath: daemon.socketPath).call(TypedRequest.line(Hello()))
            usleep(300_000)
            let before = daemon.probe.residentBytes()
            try CycleLoad.fill(socket: daemon.socketPath, windows: openWindows)
            usleep(300_000)
            idle[durability].add(before / 1_048_576)
            perWindow[durability].add((daemon.probe.residentBytes() - before) / Double(openWindows))
        }
        let table = ComparisonTable.byDurability()
        table.row("idle daemon, MiB", idle, decimals: 1)
        table.row("per open window, bytes", perWindow)
        print("\nTargets: idle under 20 MiB; under 1,024 bytes per open window.")
        let (memory, durable) = (perWindow.memory.median, perWindow.durable.median)
        let (idleMemory, idleDurable) = (idle.memory.median, idle.durable.median)
        return [
            TargetCheck(
                "under 1,024 bytes per open window",
                measured: "\(memory.formatted(decimals: 0)) memory state, \(durable.formatted(decimals: 0)) durable",
                isMet: memory < 1024 && durable < 1024),
            TargetCheck(
                "idle daemon under 20 MiB",
                measured:
                    "\(idleMemory.formatted(decimals: 1)) MiB memory state, \(idleDurable.formatted(decimals: 1)) durable",
                isMet: idleMemory < 20 && idleDurable < 20),
        ]
    }
}
