import Foundation
import PickerProtocol
import Synchronization

/// A connection of the daemon's own user that pings every 10 ms, on a thread
/// of its own, while an attack runs: what an attack costs everyone else is the
/// round trip of these pings.
final class Bystander: Sendable {
    private let connection: LoadConnection
    private let interval = Duration.milliseconds(10)
    private let state = Mutex(State())
    private let finished = DispatchSemaphore(value: 0)

    private struct State {
        var latencies: [Double] = []
        /// When the latest answered ping was sent.
        var answeredSentAt: ContinuousClock.Instant?
        var stopAskedAt: ContinuousClock.Instant?
        /// A ping still unanswered when pinging stopped (its wait so far is in latencies).
        var unanswered = false
    }

    struct Pings {
        var worst: Double
        var p99: Double
        var unanswered: Bool
    }

    init(socketPath: String) throws {
        connection = try LoadConnection(socketPath: socketPath)
        _ = try connection.call(TypedRequest.line(Ping()))
    }

    func start() {
        Thread { [self] in
            pingUntilStopped()
            finished.signal()
        }.start()
    }

    /// Waits until a ping sent from now on has its answer (at most `timeout`
    /// seconds): the daemon has got through what was asked of it before.
    @discardableResult
    func awaitPing(timeout: Double = 60) -> Bool {
        let now = ContinuousClock.now
        while seconds(since: now) < timeout {
            if let sent = state.withLock({ $0.answeredSentAt }), sent > now { return true }
            usleep(2_000)
        }
        return false
    }

    /// Stops pinging, giving a ping in flight 5 s more, and returns the worst
    /// and the 99th percentile round trip in milliseconds.
    func stop() -> Pings {
        state.withLock { $0.stopAskedAt = .now }
        finished.wait()
        connection.shutdown()
        let (latencies, unanswered) = state.withLock { ($0.latencies.sorted(), $0.unanswered) }
        guard let worst = latencies.last else { return Pings(worst: .nan, p99: .nan, unanswered: unanswered) }
        return Pings(worst: worst, p99: latencies[latencies.count * 99 / 100], unanswered: unanswered)
    }

    private func pingUntilStopped() {
        var next = ContinuousClock.now
        while state.withLock({ $0.stopAskedAt == nil }) {
            let sent = ContinuousClock.now
            connection.send(raw: PingBenchmark.request)
            var answered = false
            while !answered {
                if connection.waitForInput(milliseconds: 20) {
                    answered = (try? connection.readLineBytes()) != nil
                    if !answered { break }  // the daemon closed the connection
                } else if let stopAsked = state.withLock({ $0.stopAskedAt }), seconds(since: stopAsked) > 5 {
                    break
                }
            }
            let milliseconds = seconds(since: sent) * 1000
            state.withLock {
                $0.latencies.append(milliseconds)
                if answered { $0.answeredSentAt = sent } else { $0.unanswered = true }
            }
            guard answered else { return }
            next = max(next + interval, .now)
            let left = next - .now
            if left > .zero {
                usleep(UInt32(left.components.seconds * 1_000_000 + left.components.attoseconds / 1_000_000_000_000))
            }
        }
    }
}
