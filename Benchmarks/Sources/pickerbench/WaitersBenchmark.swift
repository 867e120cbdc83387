import PickerJSON
import PickerProtocol

/// 1,000 connections each waiting on `present` with `wait: true`, all answered
/// by one other client: the wall time until the last waiter has its outcome,
/// and a check that every waiter got the value meant for it.
struct WaitersBenchmark {
    var rounds = 3
    var waiters = 1_000

    func run() throws -> [TargetCheck] {
        print("\(waiters) concurrent connections, each waiting on a present (\(rounds) rounds, memory and durable)\n")
        let wall = try DurabilitySamples(rounds: rounds) { try round($0.socketPath) }
        ComparisonTable.byDurability().row("all \(waiters) answered, ms", wall, decimals: 1)
        print("\nEvery waiter got its own value in every round: none lost, none crossed.")
        return []
    }

    private func round(_ socket: String) throws -> Double {
        let connections = try (0..<waiters).map { _ in try LoadConnection(socketPath: socket) }
        let answerer = try LoadConnection(socketPath: socket)
        let start = ContinuousClock.now
        for (index, connection) in connections.enumerated() {
            connection.send(TypedRequest.line(Present(kind: "text", title: "c\(index)", wait: true)))
        }
        var answered = Set<String>()
        while answered.count < waiters {
            let list = try JSON.parse(try answerer.call(TypedRequest.line(List())))
            let windows = list["result"]?["windows"]?.arrayValue ?? []
            var submits: [UInt8] = []
            for window in windows {
                guard let id = window["window"]?.stringValue, let title = window["title"]?.stringValue,
                    !answered.contains(id)
                else { continue }
                answered.insert(id)
                submits += TypedRequest.bytes(Submit(window: WindowID(id), value: .string(title)), id: 2)
            }
            answerer.send(raw: submits)
            for _ in 0..<(submits.count(where: { $0 == 0x0A })) { _ = try answerer.readLineBytes() }
        }
        for (index, connection) in connections.enumerated() {
            let answer = try JSON.parse(try connection.readLine())
            guard answer["result"]?["reason"]?.stringValue == "submitted",
                answer["result"]?["value"]?.stringValue == "c\(index)"
            else {
                throw BenchmarkFailure("waiter \(index) got \(answer)")
            }
        }
        return seconds(since: start) * 1000
    }
}
