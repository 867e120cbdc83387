import NIOCore

#if canImport(Glibc)
import Glibc
#endif

/// Reaps a child process without blocking the event loop: `waitpid` with
/// WNOHANG now, then from scheduled tasks at growing intervals (1 ms doubling
/// up to 1 s) until it is reaped. A killed child is usually gone by the
/// second try; one stuck in the kernel (a hung mount) is tried once a second
/// and costs the loop nothing meanwhile.
enum ChildReaper {
    static func reap(_ pid: pid_t, on eventLoop: any EventLoop, after delay: TimeAmount = .milliseconds(1)) {
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, WNOHANG)
        } while result < 0 && errno == EINTR
        // Reaped, or not our child (ECHILD): either way nothing is left to wait for.
        guard result == 0 else { return }
        eventLoop.assumeIsolated().scheduleTask(in: delay) {
            reap(pid, on: eventLoop, after: min(delay * 2, .seconds(1)))
        }
    }
}
