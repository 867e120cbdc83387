import PickerProtocol

/// Which windows `pickerctl notify` runs its command for, and when: each
/// window once, when it first waits for a person (visible: not hidden, not
/// held by quiet hours), oldest first, at most `jobs` commands at a time. A
/// window that ends, or stops waiting, before its turn is let go.
struct NotificationQueue {
    let jobs: Int
    /// Every window a command ran or is queued for; kept across reconnects,
    /// so a daemon restart repeats nothing (but a host of several that went
    /// away has the windows it closed or held back forgotten: `forget`).
    private(set) var notified: Set<WindowID> = []
    private(set) var queued: [WindowSummary] = []
    private(set) var running = 0

    init(jobs: Int) {
        self.jobs = max(1, jobs)
    }

    /// Takes the stack as `list` gives it (top first); the windows whose
    /// command starts now.
    mutating func update(with windows: [WindowSummary]) -> [WindowSummary] {
        let waiting = windows.filter { $0.state == .visible }
        queued.removeAll { old in !waiting.contains { $0.window == old.window } }
        let new = waiting.filter { !notified.contains($0.window) }
            .sorted {
                ($0.createdAt.milliseconds, $0.window.rawValue) < ($1.createdAt.milliseconds, $1.window.rawValue)
            }
        notified.formUnion(new.map(\.window))
        queued += new
        return start()
    }

    /// Lets `windows` go, to be told again when they wait again (their host
    /// went away and returns).
    mutating func forget(_ windows: Set<WindowID>) {
        notified.subtract(windows)
        queued.removeAll { windows.contains($0.window) }
    }

    /// A command ended; the windows whose command starts now.
    mutating func finished() -> [WindowSummary] {
        running = max(0, running - 1)
        return start()
    }

    private mutating func start() -> [WindowSummary] {
        let count = min(jobs - running, queued.count)
        guard count > 0 else { return [] }
        let starting = Array(queued.prefix(count))
        queued.removeFirst(count)
        running += count
        return starting
    }
}
