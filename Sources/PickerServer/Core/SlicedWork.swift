import NIOCore
import PickerCore

/// Work too large for one event-loop turn (a `list` of 100,000 windows,
/// 60,000 waits timing out together), cut into slices that run one per
/// loop iteration, so that the sockets of everyone else are read and answered
/// between two slices. Jobs take turns, one slice each, in the order they came.
///
/// The next slice is scheduled a moment ahead (`pause`), not at once: NIO runs
/// every task that is due before it polls its sockets again, so a task that
/// re-queued itself for now would run the whole job in one iteration.
package final class SlicedWork {
    /// One step of a job: does at most `budget` units of its work and says
    /// whether the job is finished.
    typealias Step = (_ budget: Int) -> Bool

    var budgets = SliceBudgets.standard
    /// How long after one slice the next runs: a moment, for NIO to poll.
    package static let pause = TimeAmount.microseconds(200)
    private let eventLoop: any EventLoop
    /// Jobs by owner (a connection; nil for the daemon's own): owners take
    /// turns, and each owner's jobs run one after another.
    private var queues: [(owner: ConnectionID?, jobs: [(budget: Int, step: Step)])] = []
    private var next = 0
    private var scheduled: Scheduled<Void>?
    /// Runs a slice as the core's turn (held writes, group commit).
    private let asTurn: (() -> Void) -> Void

    init(eventLoop: any EventLoop, asTurn: @escaping (() -> Void) -> Void) {
        self.eventLoop = eventLoop
        self.asTurn = asTurn
    }

    var isEmpty: Bool { queues.isEmpty }

    /// Runs a job's first slice now, as a turn, unless other jobs wait (then
    /// it takes its turn after them: a batch of 20 long lists costs one slice
    /// in its own iteration, not 20) or `now` is false, and queues the rest.
    /// `next`: an owner with no job yet takes the next slice instead of the
    /// back of the queue (a line from a connection that had nothing waiting,
    /// such as a bystander's ping read beside 100 attackers' batches).
    func start(owner: ConnectionID?, budget: Int, now: Bool = true, next isNext: Bool = false, _ step: @escaping Step) {
        if let index = queues.firstIndex(where: { $0.owner == owner }) {
            queues[index].jobs.append((budget, step))
            return
        }
        if now, queues.isEmpty {
            var finished = false
            asTurn { finished = step(budget) }
            guard !finished else { return }
        }
        if isNext, next < queues.count {
            queues.insert((owner, [(budget, step)]), at: next)
        } else {
            queues.append((owner, [(budget, step)]))
        }
        scheduleSlice()
    }

    /// Forgets every job (the daemon stops).
    func cancelAll() {
        queues = []
        next = 0
        scheduled?.cancel()
        scheduled = nil
    }

    private func scheduleSlice() {
        guard scheduled == nil, !queues.isEmpty else { return }
        scheduled = eventLoop.assumeIsolated().scheduleTask(in: Self.pause) { [self] in
            scheduled = nil
            runSlice()
            scheduleSlice()
        }
    }

    private func runSlice() {
        guard !queues.isEmpty else { return }
        if next >= queues.count { next = 0 }
        let owner = queues[next].owner
        let job = queues[next].jobs[0]
        var finished = false
        asTurn { finished = job.step(job.budget) }
        // The step may have queued more jobs; find the owner's queue again.
        guard let index = queues.firstIndex(where: { $0.owner == owner }) else { return }
        if finished {
            queues[index].jobs.removeFirst()
            if queues[index].jobs.isEmpty {
                queues.remove(at: index)
                return
            }
        }
        next = index + 1
    }
}

/// How much each kind of work does in one slice (`SlicedWork`). A `list`
/// costs about 4 µs a window in a release build, a timeout less.
public struct SliceBudgets: Sendable {
    /// Windows of a `list` serialized per slice; with at most this many
    /// windows open, a list is answered at once, as any other request.
    public var listWindows = 2_000
    /// Waits timed out per slice.
    public var expiries = 2_000
    /// How long, by the real clock, a slice of timeouts may go on (nil: only
    /// `expiries` counts); at least one is answered per slice. On a loaded
    /// machine 2,000 timeouts took from 8 ms to 40 ms of the daemon's time,
    /// so a count alone made a slice as long as the machine was slow.
    public var expiryTime: TimeAmount?
    /// How long, by the event loop's clock, the lines read in one loop
    /// iteration run (nil: all of them); the rest wait for later ones, a
    /// slice each (`ConnectionHandler`), so that 100 connections' batches
    /// read together do not hold everyone up for their sum. At least one
    /// line runs per slice; `.zero` runs one line an iteration.
    public var lineTime: TimeAmount?

    public init(
        listWindows: Int = 2_000, expiries: Int = 2_000, expiryTime: TimeAmount? = nil, lineTime: TimeAmount? = nil
    ) {
        self.listWindows = listWindows
        self.expiries = expiries
        self.expiryTime = expiryTime
        self.lineTime = lineTime
    }

    /// What the daemon runs with.
    public static let standard = SliceBudgets(expiryTime: .milliseconds(2), lineTime: .milliseconds(10))
}
