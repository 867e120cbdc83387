/// pickerd's two kinds of state, which several benchmarks measure side by side.
enum Durability: String, CaseIterable {
    case memory, durable

    /// pickerd's config; `manyWindows` lifts the window limits, for scenarios
    /// that keep 100,000 windows open.
    func config(manyWindows: Bool = false) -> String {
        let limits = manyWindows ? #", "limits": {"max_windows": 1000000, "max_windows_per_connection": 1000000}"# : ""
        return #"{"state": {"durability": "\#(rawValue)"}\#(limits)}"#
    }

    /// `rounds` rounds, each giving `body` a fresh daemon of memory state, then
    /// one of durable state.
    static func alternate(
        rounds: Int, manyWindows: Bool = false, _ body: (Durability, BenchDaemon) throws -> Void
    ) throws {
        for _ in 0..<rounds {
            for durability in allCases {
                try body(durability, try BenchDaemon(config: durability.config(manyWindows: manyWindows)))
            }
        }
    }
}

/// One figure's measurements on memory-state and on durable-state daemons.
struct DurabilitySamples {
    var memory = Sample()
    var durable = Sample()

    init() {}

    /// What `measure` gives on a fresh daemon of each state, in `rounds` rounds.
    init(rounds: Int, _ measure: (BenchDaemon) throws -> Double) throws {
        try Durability.alternate(rounds: rounds) { durability, daemon in
            self[durability].add(try measure(daemon))
        }
    }

    subscript(durability: Durability) -> Sample {
        get { durability == .memory ? memory : durable }
        set {
            if durability == .memory { memory = newValue } else { durable = newValue }
        }
    }
}

extension ComparisonTable {
    /// A table of memory state against durable state; it prints its header now.
    static func byDurability() -> ComparisonTable {
        ComparisonTable(first: "memory state", second: "durable state", ratio: "durable/memory")
    }

    func row(_ name: String, _ samples: DurabilitySamples, decimals: Int = 0) {
        row(name, samples.memory, samples.durable, decimals: decimals)
    }
}
