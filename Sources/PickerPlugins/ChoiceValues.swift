import PickerCore
import PickerJSON
import PickerProtocol

/// A list's `values`: the JSON value each choice stands for, so a list can
/// ask for a boolean (Yes, No → true, false) or an enum whose titles are not
/// its values, and be answered by a script with the value itself.
///
/// Each value is a string, a number or a boolean, each different from the
/// others; a string value may not be another choice's title, or an answer
/// "B" could mean either choice. An answer is matched to a value by
/// `ChoiceValue` (numbers as numbers: 1 is 1.0).
struct ChoiceValues: Sendable {
    let values: [JSON]

    /// Reads option `values` for `choices`.
    init(_ given: [JSON], choices: [String]) throws(PluginRejection) {
        let place = "option '\(ListOption.values)'"
        guard given.count == choices.count else {
            throw PluginRejection(
                "\(place) must have one value for each of the \(choices.count) choices, not \(given.count)")
        }
        for (index, value) in given.enumerated() {
            switch value {
            case .bool, .integer: break
            case .double(let number) where number.isFinite: break
            case .string(let text): try PluginLimits.checkLength(text, of: "value \(index + 1) of \(place)")
            default:
                throw PluginRejection(
                    "\(place): value \(index + 1) must be a string, a number or a boolean, not \(value.typeDescription)"
                )
            }
            if let earlier = ChoiceValue.position(of: value, in: Array(given[..<index])) {
                throw PluginRejection(
                    "\(place): choices \(earlier + 1) and \(index + 1) have the same value \(Self.shown(value))")
            }
            if let text = value.stringValue, let other = choices.firstIndex(of: text), other != index {
                throw PluginRejection(
                    "\(place): value \(index + 1) (\(Self.shown(value))) is the title of choice \(other + 1); an answer \(Self.shown(value)) could mean either"
                )
            }
        }
        values = given
    }

    /// The position of the choice whose value is `item`.
    func position(of item: JSON) -> Int? {
        ChoiceValue.position(of: item, in: values)
    }

    /// "true, false": the values for a refusal.
    var listed: String {
        values.map(Self.shown).listed()
    }

    /// The value, as a refusal shows it: JSON, at most 40 characters.
    static func shown(_ value: JSON) -> String {
        String(value.serialized().prefix(40))
    }
}
