import Foundation
import Synchronization

/// present + submit cycles against a durable and a memory daemon, side by side:
/// rounds alternate between the two, with 1 and with 8 client connections.
struct StateBenchmark {
    var rounds = 7
    var cyclesPerClient = 2000

    func run() throws {
        print("present + submit cycles, durable (SQLite, WAL) vs memory state")
        print("(\(rounds) alternating rounds; median cycles per second, min–max)\n")
        let durable = try BenchDaemon(config: #"{"state": {"durability": "durable"}, "limits": {"max_windows": 1000000}}"#)
        let memory = try BenchDaemon(config: #"{"state": {"durability": "memory"}, "limits": {"max_windows": 1000000}}"#)
        print(padded("clients", 10) + leftPadded("durable", 26) + leftPadded("memory", 26) + leftPadded("durable/memory", 16))
        for clients in [1, 8] {
            var durableSample = Sample()
            var memorySample = Sample()
            for _ in 0..<rounds {
                durableSample.add(try cyclesPerSecond(socket: durable.socketPath, clients: clients))
                memorySample.add(try cyclesPerSecond(socket: memory.socketPath, clients: clients))
            }
            print(
                padded("\(clients)", 10) + leftPadded(describe(durableSample), 26) + leftPadded(describe(memorySample), 26)
                    + leftPadded((durableSample.median / memorySample.median).formatted(decimals: 2) + "x", 16))
        }
    }

    private func cyclesPerSecond(socket: String, clients: Int) throws -> Double {
        let connections = try (0..<clients).map { _ in try LoadConnection(socketPath: socket) }
        let failure = Mutex<BenchmarkFailure?>(nil)
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: clients) { index in
            let connection = connections[index]
            do {
                for _ in 0..<cyclesPerClient {
                    let answer = try connection.call(#"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text"}}"#)
                    guard let range = answer.range(of: #""window":""#),
                        let end = answer[range.upperBound...].firstIndex(of: "\"")
                    else { throw BenchmarkFailure("present failed: \(answer)") }
                    let id = answer[range.upperBound..<end]
                    _ = try connection.call(#"{"jsonrpc":"2.0","id":2,"method":"submit","params":{"window":"\#(id)","value":"x"}}"#)
                }
            } catch {
                failure.withLock { $0 = $0 ?? BenchmarkFailure("\(error)") }
            }
        }
        let elapsed = ContinuousClock.now - start
        if let failed = failure.withLock({ $0 }) { throw failed }
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Double(clients * cyclesPerClient) / seconds
    }

    private func describe(_ sample: Sample) -> String {
        "\(sample.median.formatted(decimals: 0)) (\(sample.min.formatted(decimals: 0))–\(sample.max.formatted(decimals: 0)))"
    }
}
