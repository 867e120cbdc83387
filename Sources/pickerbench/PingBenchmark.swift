import PickerProtocol
/// `ping` against pickerd and the C floor, side by side: pipelined throughput
/// (64 requests in flight) and one-in-flight latency, in alternating rounds.
struct PingBenchmark {
    var rounds = 7
    var pipelinedRequests = 100_000
    var depth = 64
    var latencyRequests = 5_000

    static let request = TypedRequest.bytes(Ping())

    func run() throws -> [TargetCheck] {
        print("ping: pickerd (memory state) vs pickerfloor, a minimal C server on json-c")
        print("(\(rounds) alternating rounds; medians, min–max)\n")
        let floor = try BenchDaemon.floor()
        let pickerd = try BenchDaemon(config: #"{"state": {"durability": "memory"}}"#)
        var throughput = (floor: Sample(), pickerd: Sample())
        var p50 = (floor: Sample(), pickerd: Sample())
        var p99 = (floor: Sample(), pickerd: Sample())
        var busy = (floor: Sample(), client: Sample(), pickerd: Sample(), clientOnPickerd: Sample())
        var wide = (floor: Sample(), pickerd: Sample(), floorBusy: Sample(), pickerdBusy: Sample(), client: Sample())
        for _ in 0..<rounds {
            let onFloor = try pipelined(floor)
            throughput.floor.add(onFloor.rate)
            busy.floor.add(onFloor.serverBusy * 100)
            busy.client.add(onFloor.clientBusy * 100)
            let onPickerd = try pipelined(pickerd)
            throughput.pickerd.add(onPickerd.rate)
            busy.pickerd.add(onPickerd.serverBusy * 100)
            busy.clientOnPickerd.add(onPickerd.clientBusy * 100)
            let floorWide = try pipelined(floor, connections: 4)
            let pickerdWide = try pipelined(pickerd, connections: 4)
            wide.floor.add(floorWide.rate)
            wide.pickerd.add(pickerdWide.rate)
            wide.floorBusy.add(floorWide.serverBusy * 100)
            wide.pickerdBusy.add(pickerdWide.serverBusy * 100)
            wide.client.add(floorWide.clientBusy * 100)
            let floorLatency = try latencies(floor.socketPath)
            let pickerdLatency = try latencies(pickerd.socketPath)
            p50.floor.add(floorLatency.p50)
            p50.pickerd.add(pickerdLatency.p50)
            p99.floor.add(floorLatency.p99)
            p99.pickerd.add(pickerdLatency.p99)
        }
        let table = ComparisonTable(first: "pickerfloor", second: "pickerd", ratio: "pickerd/floor")
        table.row("pipelined (64), requests/s", throughput.floor, throughput.pickerd)
        table.row("one in flight, p50 µs", p50.floor, p50.pickerd, decimals: 1)
        table.row("one in flight, p99 µs", p99.floor, p99.pickerd, decimals: 1)
        table.row("pipelined: server CPU, % of a core", busy.floor, busy.pickerd)
        table.row("pipelined: load client CPU, %", busy.client, busy.clientOnPickerd)
        print()
        table.row("4 connections × 64, requests/s", wide.floor, wide.pickerd)
        table.row("4 × 64: server CPU, % of a core", wide.floorBusy, wide.pickerdBusy)
        print(
            """

            Targets: pipelined (64) at least 0.80x the floor's rate; p50 within 1.20x.
            The load client is not the bottleneck: it uses \(wide.client.median.formatted(decimals: 0))% of its CPU while the
            floor's server, with 4 × 64 in flight, uses \(wide.floorBusy.median.formatted(decimals: 0))% of a core. With 64 in flight on one
            connection neither side is busy all the time: each waits for the other's batch.
            """)
        let rates = "\(throughput.pickerd.median.formatted(decimals: 0)) vs \(throughput.floor.median.formatted(decimals: 0)) requests/s"
        let p50s = "\(p50.pickerd.median.formatted(decimals: 1)) vs \(p50.floor.median.formatted(decimals: 1)) µs"
        return [
            TargetCheck(
                "pipelined ping ≥ 0.80x the floor", ratio: throughput.pickerd.median / throughput.floor.median, atLeast: 0.8, of: rates),
            TargetCheck("one-in-flight p50 ≤ 1.20x the floor", ratio: p50.pickerd.median / p50.floor.median, atMost: 1.2, of: p50s),
        ]
    }

    struct Pipelined {
        var rate: Double
        var serverBusy: Double
        var clientBusy: Double
    }

    /// Requests per second with `depth` in flight on each of `connections`:
    /// each answer that arrives lets another request go, so the server, not
    /// the client, sets the pace.
    func pipelined(_ server: BenchDaemon, connections: Int = 1) throws -> Pipelined {
        let clients = try (0..<connections).map { _ in try LoadConnection(socketPath: server.socketPath) }
        let (depth, requests) = (depth, pipelinedRequests / connections)
        let serverCPU = server.probe.cpuSeconds()
        let clientCPU = ownCPUSeconds()
        let start = ContinuousClock.now
        try onThreads(clients) { try Self.pipeline($0, requests: requests, depth: depth) }
        let elapsed = seconds(since: start)
        return Pipelined(
            rate: Double(requests * connections) / elapsed,
            serverBusy: (server.probe.cpuSeconds() - serverCPU) / elapsed,
            clientBusy: (ownCPUSeconds() - clientCPU) / elapsed)
    }

    private static func pipeline(_ connection: LoadConnection, requests: Int, depth: Int) throws {
        var pings = Pipeline(request, total: requests, depth: depth, on: connection)
        while !pings.isDone {
            pings.finish(try connection.readLineEnds())
        }
    }

    private func latencies(_ socket: String) throws -> (p50: Double, p99: Double) {
        let connection = try LoadConnection(socketPath: socket)
        var samples: [Double] = []
        samples.reserveCapacity(latencyRequests)
        for _ in 0..<latencyRequests {
            let start = ContinuousClock.now
            connection.send(raw: Self.request)
            _ = try connection.readLineBytes()
            samples.append(seconds(since: start) * 1e6)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count * 99 / 100])
    }
}
