/// Prints contenders side by side: median (min–max) of each, and ratios of
/// medians, each of a later column's to the first's.
struct ComparisonTable {
    let columns: [String]
    let ratioTitles: [String]
    private let nameWidth = 34
    private let columnWidth = 26
    private let ratioWidth = 16

    init(first: String, second: String, ratio: String) {
        self.init(columns: [first, second], ratio: ratio)
    }

    /// `ratio` nil: no ratio column (as with a single contender); else the
    /// last column's over the first's.
    init(columns: [String], ratio: String?) {
        self.init(columns: columns, ratios: ratio.map { [$0] } ?? [])
    }

    /// One ratio column for each of the last `ratios.count` columns, over the
    /// first (with three columns and two ratios: second/first, third/first).
    init(columns: [String], ratios: [String]) {
        self.columns = columns
        self.ratioTitles = ratios
        print(
            padded("", nameWidth) + columns.map { leftPadded($0, columnWidth) }.joined()
                + ratios.map { leftPadded($0, ratioWidth) }.joined())
    }

    func row(_ name: String, _ a: Sample, _ b: Sample, decimals: Int = 0) {
        row(name, [a, b], decimals: decimals)
    }

    func row(_ name: String, _ samples: [Sample], decimals: Int = 0) {
        let ratios = samples.suffix(ratioTitles.count).map { sample in
            let quotient = sample.median / samples.first!.median
            return leftPadded(quotient.isFinite ? quotient.formatted(decimals: 2) + "x" : "–", ratioWidth)
        }
        print(
            padded(name, nameWidth) + samples.map { leftPadded($0.described(decimals: decimals), columnWidth) }.joined()
                + ratios.joined())
    }

    /// A row of words rather than figures.
    func row(_ name: String, texts: [String]) {
        print(padded(name, nameWidth) + texts.map { leftPadded($0, columnWidth) }.joined())
    }
}

extension Sample {
    func described(decimals: Int) -> String {
        "\(median.formatted(decimals: decimals)) (\(min.formatted(decimals: decimals))–\(max.formatted(decimals: decimals)))"
    }
}
