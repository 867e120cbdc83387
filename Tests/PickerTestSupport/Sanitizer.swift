import Foundation

/// The sanitizer the tests (and so the pickerd they start, built alike) run
/// under. Memory and load ceilings allow for its cost: ThreadSanitizer keeps
/// shadow memory for every byte and runs several times slower.
public enum Sanitizer: Sendable {
    case none
    case thread
    case address

    public static let current: Sanitizer = {
        // The runtimes' entry points are exported from sanitized executables.
        guard let handle = dlopen(nil, RTLD_NOW) else { return .none }
        defer { dlclose(handle) }
        if dlsym(handle, "__tsan_init") != nil { return .thread }
        if dlsym(handle, "__asan_init") != nil { return .address }
        return .none
    }()

    /// How much more memory the same work takes.
    public var memoryFactor: Int {
        switch self {
        case .none: 1
        case .thread: 5
        case .address: 3
        }
    }

    /// How many times fewer requests a load test sends to take about as long.
    public var loadDivisor: Int {
        switch self {
        case .none: 1
        case .thread: 5
        case .address: 3
        }
    }
}
