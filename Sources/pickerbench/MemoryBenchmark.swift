#if canImport(Glibc)
import Glibc
#endif
import PickerProtocol

/// Resident memory from /proc: an idle daemon (memory and durable state) and
/// the growth per open window with 100,000 windows open. Fresh daemons each round.
struct MemoryBenchmark {
    var rounds = 3
    var openWindows = 100_000

    func run() throws {
        print("memory: VmRSS of pickerd (\(rounds) rounds, fresh daemons; medians, min–max)\n")
        var idle = (memory: Sample(), durable: Sample())
        var perWindow = (memory: Sample(), durable: Sample())
        for _ in 0..<rounds {
            for durability in ["memory", "durable"] {
                let daemon = try BenchDaemon(
                    config: #"{"state": {"durability": "\#(durability)"}, "limits": {"max_windows": 1000000, "max_windows_per_connection": 1000000}}"#)
                _ = try LoadConnection(socketPath: daemon.socketPath).call(TypedRequest.line(Hello()))
                usleep(300_000)
                let before = daemon.probe.residentBytes()
                try CycleLoad.fill(socket: daemon.socketPath, windows: openWindows)
                usleep(300_000)
                let growth = (daemon.probe.residentBytes() - before) / Double(openWindows)
                if durability == "memory" {
                    idle.memory.add(before / 1_048_576)
                    perWindow.memory.add(growth)
                } else {
                    idle.durable.add(before / 1_048_576)
                    perWindow.durable.add(growth)
                }
            }
        }
        let table = ComparisonTable(first: "memory state", second: "durable state", ratio: "durable/memory")
        table.row("idle daemon, MiB", idle.memory, idle.durable, decimals: 1)
        table.row("per open window, bytes", perWindow.memory, perWindow.durable)
        print("\nTargets: idle under 20 MiB; under 2,048 bytes per open window.")
    }
}
