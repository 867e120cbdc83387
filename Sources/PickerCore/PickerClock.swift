import PickerProtocol
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where the model reads the time. The daemon uses `SystemClock`; tests drive a
/// `ManualClock` so timeouts and retention happen exactly when they say.
public protocol PickerClock: Sendable {
    func now() -> Timestamp
}

public struct SystemClock: PickerClock {
    public init() {}

    public func now() -> Timestamp { .now() }
}

/// A clock that moves only when told to.
public final class ManualClock: PickerClock {
    private let current: Mutex<Timestamp>

    public init(_ start: Timestamp = Timestamp(milliseconds: 1_790_000_000_000)) {
        current = Mutex(start)
    }

    public func now() -> Timestamp {
        current.withLock { $0 }
    }

    public func advance(milliseconds: Int64) {
        current.withLock { $0 = $0.adding(milliseconds: milliseconds) }
    }

    public func set(_ timestamp: Timestamp) {
        current.withLock { $0 = timestamp }
    }
}
