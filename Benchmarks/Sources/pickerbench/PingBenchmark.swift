import PickerProtocol

/// `ping` against pickerd, the C floor and mpv's JSON IPC (when installed),
/// side by side: pipelined throughput (64 requests in flight) and
/// one-in-flight latency, in alternating rounds.
struct PingBenchmark {
    var rounds = 7
    var pipelinedRequests = 100_000
    var depth = 64
    var latencyRequests = 5_000

    static let request = TypedRequest.bytes(Ping())

    func run() throws -> [TargetCheck] {
        print("ping: pickerd (memory state) vs pickerfloor, a minimal C server on json-c, and mpv's JSON IPC")
        print("(\(rounds) alternating rounds; medians, min–max)\n")
        var contenders = [
            PingContender("pickerfloor", try BenchDaemon.floor()),
            PingContender("pickerd", try BenchDaemon(config: #"{"state": {"durability": "memory"}}"#)),
        ]
        if let mpv = MpvPeer.start() { contenders.append(PingContender("mpv", mpv, request: MpvPeer.ping)) }
        for _ in 0..<rounds {
            for index in contenders.indices {
                let run = try pipelined(contenders[index].server, request: contenders[index].request)
                contenders[index].pipelined.add(run.rate)
                contenders[index].pipelinedServerCPU.add(run.serverBusy * 100)
                contenders[index].pipelinedServerCPUPerRequest.add(run.serverCPUPerRequest)
                contenders[index].pipelinedClientCPU.add(run.clientBusy * 100)
            }
            for index in contenders.indices {
                let run = try pipelined(contenders[index].server, request: contenders[index].request, connections: 4)
                contenders[index].wide.add(run.rate)
                contenders[index].wideServerCPU.add(run.serverBusy * 100)
                contenders[index].wideClientCPU.add(run.clientBusy * 100)
            }
            for index in contenders.indices {
                let latency = try latencies(contenders[index].server.socketPath, request: contenders[index].request)
                contenders[index].p50.add(latency.p50)
                contenders[index].p99.add(latency.p99)
            }
        }
        let table = ComparisonTable(
            columns: contenders.map(\.name), ratios: contenders.dropFirst().map { "\($0.name)/floor" })
        table.row("pipelined (64), requests/s", contenders.map(\.pipelined))
        table.row("one in flight, p50 µs", contenders.map(\.p50), decimals: 1)
        table.row("one in flight, p99 µs", contenders.map(\.p99), decimals: 1)
        table.row("pipelined: server CPU, % of a core", contenders.map(\.pipelinedServerCPU))
        table.row("pipelined: server CPU µs/request", contenders.map(\.pipelinedServerCPUPerRequest), decimals: 2)
        table.row("pipelined: load client CPU, %", contenders.map(\.pipelinedClientCPU))
        print()
        table.row("4 connections × 64, requests/s", contenders.map(\.wide))
        table.row("4 × 64: server CPU, % of a core", contenders.map(\.wideServerCPU))
        let (floor, pickerd) = (contenders[0], contenders[1])
        print(
            """

            Targets: pipelined (64) at least 0.80x the floor's rate; p50 within 1.20x.
            The load client is not the bottleneck: it uses \(floor.wideClientCPU.median.formatted(decimals: 0))% of its CPU while the
            floor's server, with 4 × 64 in flight, uses \(floor.wideServerCPU.median.formatted(decimals: 0))% of a core. With 64 in flight on one
            connection neither side is busy all the time: each waits for the other's batch.
            """)
        let rates =
            "\(pickerd.pipelined.median.formatted(decimals: 0)) vs \(floor.pipelined.median.formatted(decimals: 0)) requests/s"
        let p50s = "\(pickerd.p50.median.formatted(decimals: 1)) vs \(floor.p50.median.formatted(decimals: 1)) µs"
        return [
            TargetCheck(
                "pipelined ping ≥ 0.80x the floor", ratio: pickerd.pipelined.median / floor.pipelined.median,
                atLeast: 0.8, of: rates),
            TargetCheck(
                "one-in-flight p50 ≤ 1.20x the floor", ratio: pickerd.p50.median / floor.p50.median, atMost: 1.2,
                of: p50s),
        ]
    }

    struct Pipelined {
        var rate: Double
        var serverBusy: Double
        var clientBusy: Double

        /// The server's CPU time per request, µs.
        var serverCPUPerRequest: Double { serverBusy / rate * 1e6 }
    }

    /// Requests per second with `depth` copies of `request` in flight on each
    /// of `connections`: each answer that arrives lets another request go, so
    /// the server, not the client, sets the pace.
    func pipelined(_ server: BenchDaemon, request: [UInt8] = request, connections: Int = 1) throws -> Pipelined {
        let clients = try (0..<connections).map { _ in try LoadConnection(socketPath: server.socketPath) }
        let (depth, requests) = (depth, pipelinedRequests / connections)
        let serverCPU = server.probe.cpuSeconds()
        let clientCPU = ownCPUSeconds()
        let start = ContinuousClock.now
        try onThreads(clients) { try Self.pipeline($0, request: request, requests: requests, depth: depth) }
        let elapsed = seconds(since: start)
        return Pipelined(
            rate: Double(requests * connections) / elapsed,
            serverBusy: (server.probe.cpuSeconds() - serverCPU) / elapsed,
            clientBusy: (ownCPUSeconds() - clientCPU) / elapsed)
    }

    private static func pipeline(_ connection: LoadConnection, request: [UInt8], requests: Int, depth: Int) throws {
        var pings = Pipeline(request, total: requests, depth: depth, on: connection)
        while !pings.isDone {
            pings.finish(try connection.readAnswerEnds())
        }
    }

    private func latencies(_ socket: String, request: [UInt8]) throws -> (p50: Double, p99: Double) {
        let connection = try LoadConnection(socketPath: socket)
        var samples: [Double] = []
        samples.reserveCapacity(latencyRequests)
        for _ in 0..<latencyRequests {
            let start = ContinuousClock.now
            connection.send(raw: request)
            _ = try connection.readAnswerBytes()
            samples.append(seconds(since: start) * 1e6)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count * 99 / 100])
    }
}
