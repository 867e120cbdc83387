import PickerJSON
import PickerProtocol

/// `--scale`: a whole number from `--min-value` (0) to `--max-value` (100)
/// by `--step` (1), shown at `--value` (the minimum), printed as zenity
/// prints it. On `--timeout` it prints the value shown.
struct ZenityScale: ZenityDialog {
    var minimum: Int
    var maximum: Int
    var step: Int
    var initial: Int

    init(_ commandLine: ZenityCommandLine) throws(ZenityUsageError) {
        minimum = commandLine.integer("min-value") ?? 0
        maximum = commandLine.integer("max-value") ?? 100
        step = commandLine.integer("step") ?? 1
        initial = commandLine.integer("value") ?? minimum
        guard minimum < maximum else { throw ZenityUsageError("Maximum value must be greater than minimum value.") }
        guard (minimum...maximum).contains(initial) else { throw ZenityUsageError("Value out of range.") }
        // GtkScale steps from the shown value, pickerd's number from its minimum: a step that
        // does not lead from one to the other becomes their greatest common divisor, so that
        // every value zenity's scale reaches can be chosen.
        step = Self.greatestCommonDivisor(max(step, 1), initial - minimum)
    }

    static func greatestCommonDivisor(_ first: Int, _ second: Int) -> Int {
        var (larger, smaller) = (abs(first), abs(second))
        while smaller != 0 { (larger, smaller) = (smaller, larger % smaller) }
        return max(larger, 1)
    }

    var kind: BuiltInKind { .number }
    var defaultTitle: String { "Adjust the scale value" }
    var options: JSONObject {
        JSONObject([
            NumberOption.min: .integer(Int64(minimum)), .max: .integer(Int64(maximum)), .step: .integer(Int64(step)),
            .initial: .integer(Int64(initial)),
        ])
    }
    var initialValue: JSON? { .integer(Int64(initial)) }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        let number = value?.integerValue ?? value?.doubleValue.map { Int64($0.rounded()) } ?? Int64(initial)
        return .printed(String(number), timedOut: timedOut)
    }
}
