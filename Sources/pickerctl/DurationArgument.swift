import ArgumentParser

/// A duration as scripts write it: `500ms`, `30s`, `5m` (or `5min`), `1h`,
/// `2d`, combinations like `1h30m`, or bare seconds (`1.5`). `0` is none.
struct DurationArgument: Sendable, Equatable {
    var milliseconds: Int64

    static let accepted = "write a duration like 500ms, 30s, 5m, 1h, 2d or 1h30m, or a number of seconds (0: none)"

    init(milliseconds: Int64) {
        self.milliseconds = milliseconds
    }

    /// For `@Option(transform:)`: a bad duration says what would work.
    static func parse(_ text: String) throws -> DurationArgument {
        guard let duration = DurationArgument(text) else { throw ValidationError(accepted) }
        return duration
    }

    init?(_ text: String) {
        if let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < 1e12,
            text.allSatisfy({ $0.isNumber || $0 == "." })
        {
            milliseconds = Int64((seconds * 1000).rounded(.up))
            return
        }
        let units: [(name: String, milliseconds: Double)] = [
            ("ms", 1), ("min", 60_000), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
        ]
        var rest = Substring(text)
        var total = 0.0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isNumber || $0 == "." }
            guard let value = Double(number), value.isFinite else { return nil }
            rest = rest.dropFirst(number.count)
            guard let unit = units.first(where: { rest.hasPrefix($0.name) }) else { return nil }
            rest = rest.dropFirst(unit.name.count)
            total += value * unit.milliseconds
        }
        guard total > 0, total < 1e15 else { return nil }
        milliseconds = Int64(total.rounded(.up))
    }

    /// nil for `0`: no duration at all.
    var nonZero: DurationArgument? { milliseconds > 0 ? self : nil }

    var duration: Duration { .milliseconds(milliseconds) }
}

extension DurationArgument: CustomStringConvertible {
    var description: String { milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms" }
}
