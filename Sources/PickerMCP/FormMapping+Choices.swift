import PickerJSON
import PickerProtocol

/// An enum property (`enum` with `enumNames`, or `oneOf`/`anyOf` of
/// `{const, title}`) read as a list's choices: the titles the person sees,
/// the values (strings, numbers or booleans) a script and the agent get.
extension FormMapping {
    /// An enum's values and titles: `enum` (titled by `enumNames`), or `oneOf`
    /// or `anyOf` of `{const, title}`; nil when the property is no enum.
    static func choices(_ reader: ObjectReader<ToolInputError>) throws(ToolInputError) -> [Choice]? {
        var choices: [Choice]
        if let values = try reader.array("enum") {
            let names = try reader.strings("enumNames")
            if let names, names.count != values.count {
                throw ToolInputError(
                    "'\(reader.path(of: "enumNames"))' must have one title for each of the \(values.count) values of enum"
                )
            }
            for (index, value) in values.enumerated() {
                try checkScalar(value, at: "\(reader.path(of: "enum"))[\(index)]")
            }
            choices = values.enumerated().map { index, value in
                Choice(title: names?[index] ?? title(of: value), value: value)
            }
        } else if let key = ["oneOf", "anyOf"].first(where: { reader.has($0) }), let options = try reader.array(key) {
            choices = []
            for (index, option) in options.enumerated() {
                guard let value = option["const"] else {
                    throw ToolInputError("'\(reader.path(of: key))[\(index)]' needs a const (the value) and a title")
                }
                try checkScalar(value, at: "\(reader.path(of: key))[\(index)].const")
                choices.append(Choice(title: option["title"]?.stringValue ?? title(of: value), value: value))
            }
        } else {
            return nil
        }
        guard !choices.isEmpty else { throw ToolInputError("'\(reader.path)' is an enum without values") }
        var seen = Set<String>()
        for choice in choices where !seen.insert(choice.title).inserted || choice.title.isEmpty {
            throw ToolInputError(
                "'\(reader.path)': the title '\(choice.title)' is empty or shown twice; the person could not tell the values apart"
            )
        }
        return choices
    }

    /// An enum's value is the list's `values`: a string, a number or a boolean.
    static func checkScalar(_ value: JSON, at path: String) throws(ToolInputError) {
        switch value {
        case .string, .integer, .double, .bool: return
        case .null, .array, .object:
            throw ToolInputError(
                "'\(path)' is \(value.typeDescription); an enum's values are strings, numbers or booleans")
        }
    }

    static func title(of value: JSON) -> String {
        value.stringValue ?? value.description
    }
}
