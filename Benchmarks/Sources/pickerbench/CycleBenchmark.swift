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
        var rate = (durable: Sample(), durableFull: Sample(), memory: Sample(), memoryFull: Sample())
        let pinger = PingBenchmark()
        for _ in 0..<rounds {
            ping.add(try pinger.pipelined(floor).rate)
            rate.durable.add(try load.requestsPerSecond(socket: durable.socketPath, cycles: cycles))
            rate.durableFull.add(try load.requestsPerSecond(socket: durableFull.socketPath, cycles: cycles))
            rate.memory.add(try load.requestsPerSecond(socket: memory.socketPath, cycles: cycles))
            rate.memoryFull.add(try load.requestsPerSecond(socket: memoryFull.socketPath, cycles: cycles))
        }
        print()
        ComparisonTable(first: "floor ping", second: "durable", ratio: "durable/floor")
            .row("requests/s", ping, rate.durable)
        print()
        let byOpen = ComparisonTable(first: "0 open", second: "\(openWindows) open", ratio: "full/empty")
        byOpen.row("durable, requests/s", rate.durable, rate.durableFull)
        byOpen.row("memory, requests/s", rate.memory, rate.memoryFull)
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
