import PickerCore
import PickerJSON
import PickerProtocol

/// `number`: a number on a scale, as `zenity --scale`. The value is a grid
/// point `min + k·step` within [min, max], written with as many decimals as
/// `min` and `step` have (`NumberScale`), so 0.30000000000000004 is 0.3.
public struct NumberPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.number

    /// A unit is a short label after the number, like "%" or "MiB".
    public static let longestUnit = 32

    public var optionsSchema: JSON {
        OptionsSchema.closedObject(
            required: [NumberOption.min, .max],
            [
                .min: ["type": "number", "description": "the smallest value"],
                .max: ["type": "number", "description": "the largest value"],
                .step: [
                    "type": "number", "exclusiveMinimum": 0, "default": 1,
                    "description": "values are min + k·step",
                ],
                .initial: ["type": "number", "description": "where the scale starts (default min)"],
                .unit: [
                    "type": "string", "maxLength": .integer(Int64(Self.longestUnit)),
                    "description": "a short label shown after the number",
                ],
            ])
    }

    public var valueSchema: JSON {
        [
            "type": "number",
            "description":
                "a number within [min, max] on the grid min + k·step; a numeric string is accepted on submit",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(options, kind: kind, known: NumberOption.names)
        guard let min = try reader.number(NumberOption.min), let max = try reader.number(NumberOption.max) else {
            throw PluginRejection(
                "a number needs options '\(NumberOption.min)' and '\(NumberOption.max)', like {\"min\": 0, \"max\": 100}"
            )
        }
        let step = try reader.number(NumberOption.step) ?? 1
        guard step > 0 else {
            throw PluginRejection("option '\(NumberOption.step)' must be greater than 0, not \(shown(step))")
        }
        guard NumberScale.steps(min: min, max: max, step: step) <= NumberScale.mostSteps else {
            throw PluginRejection(
                "a scale from \(shown(min)) to \(shown(max)) in steps of \(shown(step)) has more steps than a number can tell apart; use a larger '\(NumberOption.step)' (at most 2^53 steps)"
            )
        }
        guard let scale = NumberScale(min: min, max: max, step: step) else {
            throw PluginRejection(
                "option '\(NumberOption.min)' (\(shown(min))) must not be greater than option '\(NumberOption.max)' (\(shown(max)))"
            )
        }
        let unit = try reader.string(NumberOption.unit)
        if let unit, unit.count > Self.longestUnit || unit.contains(where: \.isNewline) {
            throw PluginRejection(
                "option '\(NumberOption.unit)' must be one line of at most \(Self.longestUnit) characters")
        }
        var picker = PreparedNumber(scale: scale, unit: unit)
        if let initial = try reader.number(NumberOption.initial) {
            do {
                picker.initial = try picker.index(of: .double(initial))
                picker.initialIsGiven = true
            } catch {
                throw PluginRejection("option '\(NumberOption.initial)': \(error.message)")
            }
        }
        return picker
    }
}

/// A number window's scale and start.
struct PreparedNumber: PreparedPicker {
    let scale: NumberScale
    let unit: String?
    /// The grid point the scale starts at: `min` unless the asker said.
    var initial = 0
    var initialIsGiven = false

    var options: JSON {
        var object = JSONObject([
            NumberOption.min: scale.json(scale.min), NumberOption.max: scale.json(scale.max),
            NumberOption.step: scale.json(scale.step), NumberOption.initial: scale.json(scale.point(initial)),
        ])
        if let unit { object[NumberOption.unit] = .string(unit) }
        return .object(object)
    }

    var initialValue: JSON? { scale.json(scale.point(initial)) }
    var givenInitialValue: JSON? { initialIsGiven ? initialValue : nil }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        scale.json(scale.point(try index(of: value)))
    }

    /// The grid point `value` is: a number, or a numeric string.
    func index(of value: JSON) throws(PluginRejection) -> Int {
        let number: Double
        switch value {
        case .integer, .double:
            number = value.doubleValue!
        case .string(let text):
            // Decimal digits only: Double(_:) would also read "0x1p3", "inf" and "nan".
            guard text.allSatisfy({ "0123456789+-.eE".contains($0) }), let parsed = Double(text), parsed.isFinite
            else {
                throw PluginRejection("'\(text.prefix(40))' is not a number")
            }
            number = parsed
        default:
            throw PluginRejection("a number value must be a number, not \(value.typeDescription)")
        }
        guard number >= scale.min - scale.step * 1e-6, number <= scale.max + scale.step * 1e-6 else {
            throw PluginRejection("\(shown(number)) is outside \(shown(scale.min))–\(shown(scale.max))")
        }
        guard let index = scale.index(of: number) else {
            throw PluginRejection(
                "\(shown(number)) is not on the scale's steps: from \(shown(scale.min)) in steps of \(shown(scale.step)), the nearest is \(shown(scale.point(scale.nearestIndex(to: number))))"
            )
        }
        return index
    }
}

extension ObjectReader where Failure == PluginRejection {
    /// A member that is a number, integer or not.
    func number(_ key: some MemberName) throws(PluginRejection) -> Double? {
        guard let value = self[key] else { return nil }
        guard let number = value.doubleValue, number.isFinite else {
            throw problem(key, .mistyped(expected: "a number", found: value.typeDescription))
        }
        return number
    }
}

/// A number in a sentence: 5 rather than 5.0.
private func shown(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : number.description
}
