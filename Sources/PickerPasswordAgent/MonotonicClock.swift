#if canImport(Glibc)
import Glibc
#endif

/// CLOCK_MONOTONIC in microseconds, the clock of `NotAfter=`.
public enum MonotonicClock {
    public static func microseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    }
}
