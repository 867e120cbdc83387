import PickerProtocol
import Synchronization

/// Event fan-out: 100 subscribers, each reading on a thread of its own, while
/// one client presents and dismisses windows. Every subscriber must see every
/// event, with sequence numbers that grow by one.
struct FanOutBenchmark {
    var rounds = 3
    var subscribers = 100
    var windows = 1_000

    func run() throws -> [TargetCheck] {
        let events = windows * 3  // presented, key changed, dismissed
        print(
            "event fan-out: \(subscribers) subscribers, \(windows) windows presented and dismissed (\(rounds) rounds)\n"
        )
        let rate = try DurabilitySamples(rounds: rounds) { try round($0.socketPath) }
        ComparisonTable.byDurability().row("events delivered per second", rate)
        print("\nEach round, every subscriber received all events in order (about \(events) each).")
        return []
    }

    /// Events delivered per second, summed over subscribers.
    private func round(_ socket: String) throws -> Double {
        let listeners = try (0..<subscribers).map { _ in try LoadConnection(socketPath: socket) }
        for listener in listeners {
            _ = try listener.call(TypedRequest.line(Subscribe(events: ["window."])))
        }
        let producer = try LoadConnection(socketPath: socket)
        let counts = Mutex<[Int]>([])
        let windows = windows
        let start = ContinuousClock.now
        try onThreads([producer] + listeners) { connection in
            if connection === producer {
                for _ in 0..<windows {
                    _ = try connection.call(TypedRequest.line(Present(kind: "text")))
                    _ = try connection.call(TypedRequest.line(Dismiss(.all), id: 2))
                }
                // A marker: the last event of the run, which every subscriber waits for.
                _ = try connection.call(TypedRequest.line(Present(kind: "text", title: "end"), id: 3))
                return
            }
            var first: Int64?
            var last: Int64?
            while true {
                let line = try connection.readLine()
                guard let sequence = Self.sequence(in: line) else { continue }
                if let last, sequence != last + 1 {
                    throw BenchmarkFailure("a subscriber saw event \(sequence) after \(last)")
                }
                first = first ?? sequence
                last = sequence
                if line.contains(#""title":"end""#) { break }
            }
            let seen = (last ?? 0) - (first ?? 0) + 1
            counts.withLock { $0.append(Int(seen)) }
        }
        let elapsed = seconds(since: start)
        let seen = counts.withLock { $0 }
        guard seen.count == subscribers, Set(seen).count == 1, let each = seen.first, each >= 3 * windows else {
            throw BenchmarkFailure("subscribers saw different numbers of events: \(Set(seen).sorted())")
        }
        return Double(seen.reduce(0, +)) / elapsed
    }

    private static func sequence(in line: String) -> Int64? {
        guard let range = line.range(of: #""seq":"#) else { return nil }
        return Int64(line[range.upperBound...].prefix(while: \.isNumber))
    }
}
