import Foundation

/// `ping` against pickerd and the C floor, side by side: pipelined throughput
/// (64 requests in flight) and one-in-flight latency, in alternating rounds.
struct PingBenchmark {
    var rounds = 7
    var pipelinedRequests = 100_000
    var depth = 64
    var latencyRequests = 5_000

    private static let request = Array(#"{"jsonrpc":"2.0","id":1,"method":"ping"}"#.utf8) + [0x0A]

    func run() throws {
        print("ping: pickerd (memory state) vs pickerfloor, a minimal C server on json-c")
        print("(\(rounds) alternating rounds; medians, min–max)\n")
        let floor = try BenchDaemon.floor()
        let pickerd = try BenchDaemon(config: #"{"state": {"durability": "memory"}}"#)
        var throughput = (floor: Sample(), pickerd: Sample())
        var p50 = (floor: Sample(), pickerd: Sample())
        var p99 = (floor: Sample(), pickerd: Sample())
        for _ in 0..<rounds {
            throughput.floor.add(try pipelined(floor.socketPath))
            throughput.pickerd.add(try pipelined(pickerd.socketPath))
            let floorLatency = try latencies(floor.socketPath)
            let pickerdLatency = try latencies(pickerd.socketPath)
            p50.floor.add(floorLatency.p50)
            p50.pickerd.add(pickerdLatency.p50)
            p99.floor.add(floorLatency.p99)
            p99.pickerd.add(pickerdLatency.p99)
        }
        print(padded("", 30) + leftPadded("pickerfloor", 24) + leftPadded("pickerd", 24) + leftPadded("pickerd/floor", 15))
        row("pipelined (64), requests/s", throughput.floor, throughput.pickerd, decimals: 0)
        row("one in flight, p50 µs", p50.floor, p50.pickerd, decimals: 1)
        row("one in flight, p99 µs", p99.floor, p99.pickerd, decimals: 1)
    }

    private func row(_ name: String, _ floor: Sample, _ pickerd: Sample, decimals: Int) {
        func describe(_ sample: Sample) -> String {
            "\(sample.median.formatted(decimals: decimals)) (\(sample.min.formatted(decimals: decimals))–\(sample.max.formatted(decimals: decimals)))"
        }
        print(
            padded(name, 30) + leftPadded(describe(floor), 24) + leftPadded(describe(pickerd), 24)
                + leftPadded((pickerd.median / floor.median).formatted(decimals: 2) + "x", 15))
    }

    /// Requests per second with `depth` in flight: each answer that arrives lets
    /// another request go, so the server, not the client, sets the pace.
    private func pipelined(_ socket: String) throws -> Double {
        let connection = try LoadConnection(socketPath: socket)
        let start = ContinuousClock.now
        var sent = min(depth, pipelinedRequests)
        connection.send(raw: [UInt8]((0..<sent).map { _ in Self.request }.joined()))
        var received = 0
        while received < pipelinedRequests {
            let answered = try connection.readLineEnds()
            received += answered
            let more = min(answered, pipelinedRequests - sent)
            if more > 0 {
                connection.send(raw: [UInt8]((0..<more).map { _ in Self.request }.joined()))
                sent += more
            }
        }
        return Double(pipelinedRequests) / seconds(since: start)
    }

    private func latencies(_ socket: String) throws -> (p50: Double, p99: Double) {
        let connection = try LoadConnection(socketPath: socket)
        var samples: [Double] = []
        samples.reserveCapacity(latencyRequests)
        for _ in 0..<latencyRequests {
            let start = ContinuousClock.now
            connection.send(raw: Self.request)
            _ = try connection.readLine()
            samples.append(seconds(since: start) * 1e6)
        }
        samples.sort()
        return (samples[samples.count / 2], samples[samples.count * 99 / 100])
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
