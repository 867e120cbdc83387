/// Prints contenders side by side: median (min–max) of each, and the ratio
/// of the last one's median to the first's.
struct ComparisonTable {
    let columns: [String]
    let ratioTitle: String?
    private let nameWidth = 34
    private let columnWidth = 26

    init(first: String, second: String, ratio: String) {
        self.init(columns: [first, second], ratio: ratio)
    }

    /// `ratio` nil: no ratio column (as with a single contender).
    init(columns: [String], ratio: String?) {
        self.columns = columns
        self.ratioTitle = ratio
        print(padded("", nameWidth) + columns.map { leftPadded($0, columnWidth) }.joined() + leftPadded(ratio ?? "", 16))
    }

    func row(_ name: String, _ a: Sample, _ b: Sample, decimals: Int = 0) {
        row(name, [a, b], decimals: decimals)
    }

    func row(_ name: String, _ samples: [Sample], decimals: Int = 0) {
        let quotient = samples.last!.median / samples.first!.median
        let ratio = ratioTitle == nil ? "" : quotient.isFinite ? quotient.formatted(decimals: 2) + "x" : "–"
        print(
            padded(name, nameWidth) + samples.map { leftPadded($0.described(decimals: decimals), columnWidth) }.joined()
                + leftPadded(ratio, 16))
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
