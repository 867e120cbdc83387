import ArgumentParser

/// A duration on the command line: `500ms`, `30s`, `5m`, `1h`, or bare seconds (`2`, `1.5`).
struct DurationArgument: ExpressibleByArgument, Sendable {
    var milliseconds: Int64

    init?(argument: String) {
        let units: [(suffix: String, factor: Double)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000)]
        var number = Substring(argument)
        var factor = 1000.0
        for unit in units where argument.hasSuffix(unit.suffix) {
            number = argument.dropLast(unit.suffix.count)
            factor = unit.factor
            break
        }
        guard let value = Double(number), value.isFinite, value > 0, value * factor < 1e15,
            number.allSatisfy({ $0.isNumber || $0 == "." })
        else { return nil }
        milliseconds = Int64((value * factor).rounded(.up))
    }

    static var defaultCompletionKind: CompletionKind { .default }
}

extension DurationArgument: CustomStringConvertible {
    var description: String { "\(milliseconds)ms" }
}
