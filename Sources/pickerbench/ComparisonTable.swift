/// Prints two contenders side by side: median (min–max) of each, and the
/// ratio of the second's median to the first's.
struct ComparisonTable {
    let first: String
    let second: String
    let ratioTitle: String
    private let nameWidth = 34
    private let columnWidth = 26

    init(first: String, second: String, ratio: String) {
        self.first = first
        self.second = second
        self.ratioTitle = ratio
        print(padded("", nameWidth) + leftPadded(first, columnWidth) + leftPadded(second, columnWidth) + leftPadded(ratio, 16))
    }

    func row(_ name: String, _ a: Sample, _ b: Sample, decimals: Int = 0) {
        print(
            padded(name, nameWidth) + leftPadded(a.described(decimals: decimals), columnWidth)
                + leftPadded(b.described(decimals: decimals), columnWidth)
                + leftPadded((b.median / a.median).formatted(decimals: 2) + "x", 16))
    }
}

extension Sample {
    func described(decimals: Int) -> String {
        "\(median.formatted(decimals: decimals)) (\(min.formatted(decimals: decimals))–\(max.formatted(decimals: decimals)))"
    }
}
