#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A value that threads share, behind a pthread mutex.
///
/// Why not `Synchronization.Mutex`: on Linux it hands a contended lock over in
/// the kernel (`FUTEX_LOCK_PI`/`FUTEX_UNLOCK_PI`), where ThreadSanitizer cannot
/// see the hand-over. Two threads that took such a lock one after the other
/// are then reported as a data race, and the report fails the sanitizer run
/// (ZoneRules' cache, when the time zone tests ran side by side). ThreadSanitizer
/// knows pthread mutexes, so a race it reports here is a real one.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside `withLock`, between
    // pthread_mutex_lock and pthread_mutex_unlock of `mutex`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread inside meanwhile.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
