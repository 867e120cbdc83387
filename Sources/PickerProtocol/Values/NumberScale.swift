import PickerJSON

/// A `number` window's scale (PROTOCOL.md, `number`): the grid `min + k·step`
/// within [min, max]. The plugin checks values on it and the front-ends move
/// along it, so a value a front-end offers is one the daemon accepts.
public struct NumberScale: Sendable, Equatable {
    public let min: Double
    public let max: Double
    public let step: Double
    /// How many decimals a value is written with: as many as `min` and
    /// `step` have (0.1 has 1, 0.25 has 2), at most `mostDecimals`.
    public let decimals: Int

    /// Beyond this, decimals stop meaning anything a person set.
    public static let mostDecimals = 12

    /// The most steps a scale may have: past 2^53 a double cannot tell one
    /// grid point from the next, so such a scale could not be moved along.
    public static let mostSteps = Double(1 << 53)

    /// How many steps fit between `min` and `max` (infinite when the span
    /// itself overflows, as from -1e308 to 1e308).
    public static func steps(min: Double, max: Double, step: Double) -> Double { (max - min) / step }

    /// Nil when `min` > `max`, `step` is not positive, a bound is not finite,
    /// or the scale has more than `mostSteps` steps.
    public init?(min: Double, max: Double, step: Double = 1) {
        guard min.isFinite, max.isFinite, step.isFinite, step > 0, min <= max,
            Self.steps(min: min, max: max, step: step) <= Self.mostSteps
        else { return nil }
        self.min = min
        self.max = max
        self.step = step
        decimals = Swift.min(Swift.max(Self.decimals(of: min), Self.decimals(of: step)), Self.mostDecimals)
    }

    /// The scale a `number` window's canonical options describe.
    public init?(options: JSON) {
        guard let min = options[NumberOption.min]?.doubleValue, let max = options[NumberOption.max]?.doubleValue
        else { return nil }
        self.init(min: min, max: max, step: options[NumberOption.step]?.doubleValue ?? 1)
    }

    /// The number of grid points past `min` (at most `mostSteps`).
    public var lastIndex: Int { Int((Self.steps(min: min, max: max, step: step) + 1e-6).rounded(.down)) }

    /// The grid point `index` steps past `min`, written with `decimals`.
    public func point(_ index: Int) -> Double {
        Swift.min(rounded(min + Double(Swift.min(Swift.max(index, 0), lastIndex)) * step), max)
    }

    /// The index of `number` on the grid, when it is on it (within a
    /// millionth of a step) and within the scale.
    public func index(of number: Double) -> Int? {
        guard number.isFinite else { return nil }
        let steps = (number - min) / step
        let nearest = steps.rounded()
        guard abs(steps - nearest) <= 1e-6, nearest >= 0, nearest <= Double(lastIndex) else { return nil }
        return Int(nearest)
    }

    /// The nearest grid point's index, for a front-end moving from a number
    /// typed off the grid.
    public func nearestIndex(to number: Double) -> Int {
        guard number.isFinite else { return 0 }
        let steps = ((number - min) / step).rounded()
        return steps <= 0 ? 0 : steps >= Double(lastIndex) ? lastIndex : Int(steps)
    }

    /// A number as the value carries it: an integer when it has no fraction.
    public func json(_ number: Double) -> JSON {
        let number = rounded(number)
        if number.rounded() == number, abs(number) < 9.0e15 { return .integer(Int64(number)) }
        return .double(number)
    }

    /// The number as a person reads it, with `decimals` decimals (`2.50`
    /// and `0.00` for step 0.25).
    public func text(_ number: Double) -> String {
        var text = json(number).serialized()
        guard decimals > 0, !text.contains("e") else { return text }
        if !text.contains(".") { text += "." }
        let fraction = text.split(separator: ".", omittingEmptySubsequences: false).last?.count ?? 0
        return text + String(repeating: "0", count: Swift.max(decimals - fraction, 0))
    }

    private func rounded(_ number: Double) -> Double {
        let scale = Self.powerOfTen(decimals)
        // Near ±1e308 the product overflows to infinity; a number that large
        // has no fraction left to round, so it stays as it is.
        guard (number * scale).isFinite else { return number }
        let result = (number * scale).rounded() / scale
        return result == 0 ? 0 : result  // no -0
    }

    private static func powerOfTen(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }

    /// The decimals in a number's shortest text: 1 for 0.1, 0 for 5, 7 for 1e-07.
    static func decimals(of number: Double) -> Int {
        let text = abs(number).description
        if let exponent = text.split(separator: "e").dropFirst().first, let power = Int(exponent) {
            let mantissa = text.split(separator: "e")[0]
            let digits = mantissa.split(separator: ".").dropFirst().first.map { $0 == "0" ? 0 : $0.count } ?? 0
            return Swift.max(digits - power, 0)
        }
        guard let fraction = text.split(separator: ".").dropFirst().first, fraction != "0" else { return 0 }
        return fraction.count
    }
}
