/// Median and spread of repeated measurements.
struct Sample {
    private(set) var values: [Double] = []

    mutating func add(_ value: Double) {
        values.append(value)
    }

    var median: Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var min: Double { values.min() ?? .nan }
    var max: Double { values.max() ?? .nan }
}

extension Double {
    /// Fixed decimals without Foundation's formatter.
    func formatted(decimals: Int) -> String {
        guard isFinite else { return "n/a" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (self * scale).rounded()
        let whole = Int(scaled / scale)
        guard decimals > 0 else { return String(whole) }
        let fraction = Int(abs(scaled).truncatingRemainder(dividingBy: scale))
        let digits = String(fraction)
        let sign = self < 0 && whole == 0 ? "-" : ""
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - digits.count) + digits
    }
}

func padded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

func leftPadded(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
