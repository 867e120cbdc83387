/// present + submit cycles, pipelined over 8 connections: durable against the
/// floor's ping rate, durable against memory, and each with 100,000 windows
/// already open against the same daemon kind empty. Rounds alternate.
struct CycleBenchmark {
    var rounds = 5
    var cycles = 10_000
    var openWindows = 100_000

    func run() throws -> [TargetCheck] {
        let load = CycleLoad()
        print("present + submit cycles: \(load.connections) connections, \(load.depth) cycles in flight on each")
        print("(\(rounds) alternating rounds of \(cycles) cycles; requests per second, medians, min–max)\n")
        let floor = try BenchDaemon.floor()
        let durable = try BenchDaemon(config: Durability.durable.config(manyWindows: true))
        let durableFull = try BenchDaemon(config: Durability.durable.config(manyWindows: true))
        let memory = try BenchDaemon(config: Durability.memory.config(manyWindows: true))
        let memoryFull = try BenchDaemon(config: Durability.memory.config(manyWindows: true))
        print("opening \(openWindows) windows in two of the daemons…")
        try CycleLoad.fill(socket: durableFull.socketPath, windows: openWindows)
        try CycleLoad.fill(socket: memoryFull.socketPath, windows: openWindows)

        var ping = Sample()
        var floorCPU = Sample()
        let daemons = [durable, durableFull, memory, memoryFull]
        var rates = [Sample](repeating: Sample(), count: daemons.count)
        // Each server's CPU time per request, µs.
        var cpus = rates
        let pinger = PingBenchmark()
        for _ in 0..<rounds {
            let floorRun = try pinger.pipelined(floor)
            ping.add(floorRun.rate)
            floorCPU.add(floorRun.serverCPUPerRequest)
            for (index, daemon) in daemons.enumerated() {
                let before = daemon.probe.cpuSeconds()
                let start = ContinuousClock.now
                let rate = try load.requestsPerSecond(socket: daemon.socketPath, cycles: cycles)
                let requests = rate * seconds(since: start)
                rates[index].add(rate)
                cpus[index].add((daemon.probe.cpuSeconds() - before) / requests * 1e6)
            }
        }
        let rate = (durable: rates[0], durableFull: rates[1], memory: rates[2], memoryFull: rates[3])
        let cpu = (durable: cpus[0], durableFull: cpus[1], memory: cpus[2], memoryFull: cpus[3])
        print()
        let byFloor = ComparisonTable(first: "floor ping", second: "durable", ratio: "durable/floor")
        byFloor.row("requests/s", ping, rate.durable)
        byFloor.row("server CPU µs/request", floorCPU, cpu.durable, decimals: 2)
        print()
        let byOpen = ComparisonTable(first: "0 open", second: "\(openWindows) open", ratio: "full/empty")
        byOpen.row("durable, requests/s", rate.durable, rate.durableFull)
        byOpen.row("memory, requests/s", rate.memory, rate.memoryFull)
        byOpen.row("durable, CPU µs/request", cpu.durable, cpu.durableFull, decimals: 2)
        byOpen.row("memory, CPU µs/request", cpu.memory, cpu.memoryFull, decimals: 2)
        print()
        ComparisonTable(first: "memory", second: "durable", ratio: "durable/memory")
            .row("requests/s", rate.memory, rate.durable)
        print(
            """

            Targets: durable at least 0.25x the floor's pipelined ping rate, and
            with \(openWindows) windows open at least 0.80x of empty.
            """)
        let (durableRatio, memoryRatio) = (
            rate.durableFull.median / rate.durable.median, rate.memoryFull.median / rate.memory.median
        )
        return [
            TargetCheck(
                "durable present+submit ≥ 0.25x the floor's ping", ratio: rate.durable.median / ping.median,
                atLeast: 0.25,
                of: "\(rate.durable.median.formatted(decimals: 0)) vs \(ping.median.formatted(decimals: 0)) requests/s"),
            TargetCheck(
                "\(openWindows) open ≥ 0.80x of empty",
                measured:
                    "\(durableRatio.formatted(decimals: 2))x durable, \(memoryRatio.formatted(decimals: 2))x memory",
                isMet: durableRatio >= 0.8 && memoryRatio >= 0.8),
        ]
    }
}
