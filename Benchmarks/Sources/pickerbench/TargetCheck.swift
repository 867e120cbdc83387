/// One of DESIGN.md's targets beside what a run measured for it, for the
/// summary that ends a run: one glance says which are met.
struct TargetCheck {
    var target: String
    var measured: String
    var isMet: Bool

    /// A ratio of medians that must be at least `bound`; `figures` are the
    /// medians it divides, for the record.
    init(_ target: String, ratio: Double, atLeast bound: Double, of figures: String) {
        self.init(target, measured: "\(ratio.formatted(decimals: 2))x (\(figures))", isMet: ratio >= bound)
    }

    /// A ratio of medians that must be at most `bound`.
    init(_ target: String, ratio: Double, atMost bound: Double, of figures: String) {
        self.init(target, measured: "\(ratio.formatted(decimals: 2))x (\(figures))", isMet: ratio <= bound)
    }

    init(_ target: String, measured: String, isMet: Bool) {
        self.target = target
        self.measured = measured
        self.isMet = isMet
    }

    /// The summary table of `checks`, in the order the scenarios ran.
    static func printSummary(_ checks: [TargetCheck]) {
        let targetWidth = max(40, (checks.map(\.target.count).max() ?? 0) + 2)
        let measuredWidth = max(30, (checks.map(\.measured.count).max() ?? 0) + 2)
        print("targets (DESIGN.md) against this run\n")
        print(padded("target", targetWidth) + padded("measured", measuredWidth) + "met?")
        for check in checks {
            print(
                padded(check.target, targetWidth) + padded(check.measured, measuredWidth)
                    + (check.isMet ? "met" : "not met"))
        }
        let met = checks.count(where: \.isMet)
        print("\n\(met) of \(checks.count) met.")
    }
}
