import PickerCore
import PickerJSON

/// Reads a kind's options with one clear sentence for each mistake, and refuses
/// options the kind does not know (a typo should not pass silently).
struct OptionReader {
    let options: JSONObject
    let kind: String

    init(_ options: JSONObject, kind: String, known: [String]) throws(PluginRejection) {
        for key in options.keys where !known.contains(key) {
            throw PluginRejection(
                "unknown option '\(key)' for \(kind); known options are \(known.joined(separator: ", "))")
        }
        self.options = options
        self.kind = kind
    }

    subscript(key: String) -> JSON? {
        guard let value = options[key], !value.isNull else { return nil }
        return value
    }

    func string(_ key: String) throws(PluginRejection) -> String? {
        guard let value = self[key] else { return nil }
        guard let string = value.stringValue else { throw mistyped(key, "a string", value) }
        return string
    }

    func bool(_ key: String) throws(PluginRejection) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let bool = value.boolValue else { throw mistyped(key, "true or false", value) }
        return bool
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(PluginRejection) -> Int? {
        guard let value = self[key] else { return nil }
        guard let integer = value.integerValue, range.contains(Int(integer)) else {
            throw PluginRejection(
                "option '\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return Int(integer)
    }

    func array(_ key: String) throws(PluginRejection) -> [JSON]? {
        guard let value = self[key] else { return nil }
        guard let array = value.arrayValue else { throw mistyped(key, "an array", value) }
        return array
    }

    private func mistyped(_ key: String, _ expected: String, _ value: JSON) -> PluginRejection {
        PluginRejection("option '\(key)' must be \(expected), not \(value.typeDescription)")
    }
}

extension Array where Element == String {
    /// "a, b and 3 more" for messages that list choices.
    func listed(limit: Int = 8) -> String {
        count <= limit ? joined(separator: ", ") : prefix(limit).joined(separator: ", ") + " and \(count - limit) more"
    }
}
