import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Measures the event loop's stalls from inside the daemon, for finding what
/// holds a bystander up (issue 27) on a machine whose load makes pings from
/// outside noisy: a task due every millisecond notes how much of the loop
/// thread's CPU, and how much wall time, went by since the last one ran, and
/// what the daemon did meanwhile (`Activity`). A gap of `threshold` or more is
/// appended to a file as one line:
///
///     <CLOCK_MONOTONIC ns at its end> <CPU µs> <wall µs> <what ran>
///
/// so that pickerbench can take the longest after an attack began. Enabled
/// only by `PICKERD_LOOP_PROBE=FILE` in pickerd's environment: it costs a
/// wakeup a millisecond, and is meant for measuring, not for production.
final class LoopProbe {
    /// What ran since the last tick.
    struct Activity {
        var lines = 0
        var lineBytes = 0
        var largestLine = 0
        var batchMembers = 0
        var slices = 0
        var commits = 0
        var events = 0
        var expiries = 0
        var closes = 0
        var memoryReleases = 0

        var description: String {
            var parts = ["\(lines) lines (\(lineBytes) B, largest \(largestLine) B)"]
            if batchMembers > 0 { parts.append("\(batchMembers) batch members") }
            if slices > 0 { parts.append("\(slices) slices") }
            if commits > 0 { parts.append("\(commits) commits") }
            if events > 0 { parts.append("\(events) events") }
            if expiries > 0 { parts.append("\(expiries) timeouts") }
            if closes > 0 { parts.append("\(closes) closes") }
            if memoryReleases > 0 { parts.append("\(memoryReleases) malloc_trim") }
            return parts.joined(separator: ", ")
        }
    }

    var activity = Activity()
    private let descriptor: Int32
    private let threshold: Int64
    private var lastWall: Int64
    private var lastCPU: Int64
    private var task: Scheduled<Void>?
    private var eventLoop: (any EventLoop)?

    /// Appends to `path`; nil if it cannot be opened.
    init?(path: String, thresholdMicroseconds: Int64 = 2_000) {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        threshold = thresholdMicroseconds
        lastWall = Self.now(CLOCK_MONOTONIC)
        lastCPU = Self.now(CLOCK_THREAD_CPUTIME_ID)
    }

    deinit {
        task?.cancel()
        close(descriptor)
    }

    /// Ticks on `eventLoop` every millisecond from now on.
    func start(on eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
        lastWall = Self.now(CLOCK_MONOTONIC)
        lastCPU = Self.now(CLOCK_THREAD_CPUTIME_ID)
        scheduleTick()
    }

    /// Stops ticking (the daemon stops: its loop is about to shut down).
    func stop() {
        task?.cancel()
        task = nil
        eventLoop = nil
    }

    private func scheduleTick() {
        task = eventLoop?.assumeIsolated().scheduleTask(in: .milliseconds(1)) { [self] in
            tick()
            scheduleTick()
        }
    }

    private func tick() {
        let wall = Self.now(CLOCK_MONOTONIC)
        let cpu = Self.now(CLOCK_THREAD_CPUTIME_ID)
        let cpuGap = (cpu - lastCPU) / 1000
        let wallGap = (wall - lastWall) / 1000
        if cpuGap >= threshold {
            let line = "\(wall) \(cpuGap) \(wallGap) \(activity.description)\n"
            _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
        }
        activity = Activity()
        // The write's own time is not the next gap's.
        lastWall = Self.now(CLOCK_MONOTONIC)
        lastCPU = Self.now(CLOCK_THREAD_CPUTIME_ID)
    }

    private static func now(_ clock: clockid_t) -> Int64 {
        var time = timespec()
        clock_gettime(clock, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}
