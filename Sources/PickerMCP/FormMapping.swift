import PickerJSON
import PickerProtocol

/// `ask_form`'s schema, a flat JSON Schema object in the subset MCP
/// elicitation allows, as the fields of a `form` window; and the form's value
/// read back in the schema's names and JSON types.
///
/// | property | field |
/// |---|---|
/// | `string` (`minLength`, `maxLength`, `pattern`, `format` email or uri) | `text` |
/// | `string`, `format` date / date-time | `date`, mode date / datetime |
/// | `integer` with both bounds | `number`, step 1 |
/// | `integer` or `number` otherwise | `text` whose pattern takes a number (a script may answer with the number); bounds checked on the answer |
/// | `boolean` | `list`: Yes, No, with `values` true, false |
/// | `enum` (with `enumNames`), or `oneOf`/`anyOf` of `{const, title}` | `list`, the titles shown, the consts its `values` |
/// | `array` of such an enum (`minItems`, `maxItems`) | `list`, multiple, with `values` |
///
/// Where it can, a field's kind gives the property's JSON value itself (a
/// number, true or false, an enum's const), so a script answers the window
/// with the natural JSON (`{"ok": true, "n": 3}`), as the schema says.
///
/// `title` is the field's label, `default` its initial value, `required` the
/// required fields; a `description` is a text field's placeholder, else a line
/// of the form's message (`notes`). A field without a `default` starts not set
/// (the form kind leaves it out until the person sets it), so an optional
/// property the person left alone is absent from the answer, never a first
/// choice or a Yes read off an untouched control.
public struct FormMapping: Sendable, Equatable {
    /// How one property is asked and read back.
    enum Shape: Sendable, Equatable {
        case text
        /// A date or a date-time: the date kind's value is already the string JSON Schema wants.
        case date
        case integer(minimum: Int64?, maximum: Int64?)
        /// An integer with both bounds: the number kind's value is already a JSON number.
        case integerScale(ClosedRange<Int64>)
        case number(minimum: Double?, maximum: Double?)
        case boolean
        case choice([Choice])
        case choices([Choice])

        /// The built-in kind a property of this shape is asked with (the table above).
        var kind: BuiltInKind {
            switch self {
            case .text, .integer, .number: .text
            case .date: .date
            case .integerScale: .number
            case .boolean, .choice, .choices: .list
            }
        }
    }

    /// One value of an enum: what the person sees, and what the agent gets.
    struct Choice: Sendable, Equatable {
        var title: String
        var value: JSON
    }

    struct Field: Sendable, Equatable {
        var name: String
        var label: String
        var isRequired: Bool
        var shape: Shape
        var options: JSONObject
    }

    static let yes = "Yes"
    static let no = "No"

    let fields: [Field]
    /// Descriptions no field shows, as lines for the form's message: "Label: description".
    public let notes: [String]

    public init(schema json: JSON) throws(ToolInputError) {
        let path = ToolArgument.schema.rawValue
        guard let schema = json.objectValue else {
            throw ToolInputError("'\(path)' must be a JSON Schema object, not \(json.typeDescription)")
        }
        let reader = ToolInputError.reader(schema, at: path)
        if let type = try reader.string("type"), type != "object" {
            throw ToolInputError("'\(path).type' must be object: the form's fields are its properties")
        }
        guard let properties = try reader.object("properties"), !properties.members.isEmpty else {
            throw ToolInputError("'\(path).properties' must name at least one field")
        }
        let required = Set(try reader.strings("required") ?? [])
        for name in required where properties[name] == nil {
            throw ToolInputError("'\(path).required' names '\(name)', which is not one of its properties")
        }
        var fields: [Field] = []
        var notes: [String] = []
        for member in properties.members {
            let (field, note) = try Self.field(
                member.key, member.value, at: properties.path(of: member.key), required: required.contains(member.key))
            fields.append(field)
            if let note { notes.append(note) }
        }
        self.fields = fields
        self.notes = notes
    }

    /// The form's options: `{fields: [{name, kind, label, required, options}]}`.
    public var formOptions: JSONObject {
        options(answered: nil)
    }

    /// The form's options to ask again, each field starting at `answer`'s value for it.
    public func formOptions(startingAt answer: JSON) -> JSONObject {
        options(answered: answer.objectValue)
    }

    private func options(answered: JSONObject?) -> JSONObject {
        let described: [JSON] = fields.map { field in
            var options = field.options
            // Every kind a field may have names its starting value `initial`, in its value's shape.
            if let given = answered?[field.name], !given.isNull { options[TextOption.initial] = given }
            var object = JSONObject()
            object[FormFieldOption.name] = .string(field.name)
            object[FormFieldOption.kind] = .string(field.shape.kind.name)
            object[FormFieldOption.label] = .string(field.label)
            object[FormFieldOption.required] = .bool(field.isRequired)
            if !options.isEmpty { object[FormFieldOption.options] = .object(options) }
            return .object(object)
        }
        return JSONObject([FormOption.fields: .array(described)])
    }

    /// The form's value in the schema's names and types, or what is wrong with
    /// it (a number out of bounds), one sentence a problem, to ask again.
    public func read(_ value: JSON) -> FormReading {
        let answers = value.objectValue ?? JSONObject()
        var result = JSONObject()
        var problems: [String] = []
        for field in fields {
            guard let answer = answers[field.name], !answer.isNull else { continue }
            switch Self.read(answer, as: field.shape) {
            case .success(let converted): result[field.name] = converted
            case .failure(let problem): problems.append("“\(field.label)” \(problem.message)")
            }
        }
        return problems.isEmpty ? .value(.object(result)) : .problems(problems)
    }
}

/// A form's answer read back: the value, or what is wrong with it.
public enum FormReading: Sendable, Equatable {
    case value(JSON)
    case problems([String])
}

// MARK: - properties to fields

extension FormMapping {
    private static func field(_ name: String, _ json: JSON, at path: String, required: Bool) throws(ToolInputError) -> (
        Field, note: String?
    ) {
        guard let property = json.objectValue else {
            throw ToolInputError("'\(path)' must be an object (a property's schema), not \(json.typeDescription)")
        }
        let reader = ToolInputError.reader(property, at: path)
        let label = try reader.string("title") ?? name
        let description = try reader.string("description")
        let defaultValue = reader["default"]
        var field = Field(name: name, label: label, isRequired: required, shape: .text, options: JSONObject())
        var placeholder = description

        if let choices = try choices(reader) {
            field.shape = .choice(choices)
            field.options[ListOption.choices] = .array(choices.map { .string($0.title) })
            field.options[ListOption.values] = .array(choices.map(\.value))
            if let defaultValue, let title = choices.first(where: { $0.value == defaultValue })?.title {
                field.options[ListOption.initial] = [.string(title)]
            }
            return (field, note(label, description))
        }
        switch try reader.string("type") {
        case "string":
            try stringField(&field, reader, defaultValue: defaultValue, path: path)
            if field.shape != .text { return (field, note(label, description)) }
        case "integer", "number":
            let isInteger = try reader.string("type") == "integer"
            let minimum = try bound(reader, "minimum", integer: isInteger)
            let maximum = try bound(reader, "maximum", integer: isInteger)
            if let low = minimum?.doubleValue, let high = maximum?.doubleValue, low > high {
                throw ToolInputError("'\(path)': minimum \(minimum!) is more than maximum \(maximum!)")
            }
            if isInteger, let low = minimum?.integerValue, let high = maximum?.integerValue,
                let range = exactScale(low, high)
            {
                field.shape = .integerScale(range)
                field.options[NumberOption.min] = .integer(low)
                field.options[NumberOption.max] = .integer(high)
                if let start = defaultValue?.integerValue, range.contains(start) {
                    field.options[NumberOption.initial] = .integer(start)
                }
                return (field, note(label, description))
            }
            field.shape =
                isInteger
                ? .integer(minimum: minimum?.integerValue, maximum: maximum?.integerValue)
                : .number(minimum: minimum?.doubleValue, maximum: maximum?.doubleValue)
            let sign = (minimum?.doubleValue ?? -1) >= 0 ? "" : "-?"
            field.options[TextOption.pattern] = .string(sign + (isInteger ? "[0-9]+" : #"[0-9]+(\.[0-9]+)?"#))
            field.options[TextOption.trim] = true
            field.options[TextOption.takesNumbers] = true
            field.options[TextOption.patternDescription] = .string(
                numberSentence(isInteger: isInteger, minimum: minimum, maximum: maximum))
            if let start = defaultValue, start.doubleValue != nil {
                field.options[TextOption.initial] = .string(start.description)
            }
            placeholder = placeholder ?? numberSentence(isInteger: isInteger, minimum: minimum, maximum: maximum)
        case "boolean":
            field.shape = .boolean
            field.options[ListOption.choices] = [.string(yes), .string(no)]
            field.options[ListOption.values] = [true, false]
            if let start = defaultValue?.boolValue { field.options[ListOption.initial] = [.string(start ? yes : no)] }
            return (field, note(label, description))
        case "array":
            try arrayField(&field, reader, defaultValue: defaultValue, path: path)
            return (field, note(label, description))
        case let other:
            throw ToolInputError(
                "'\(path)' has type \(other ?? "none"); a form's properties are of type string (format date or date-time too), number, integer or boolean, or an enum"
            )
        }
        if let placeholder { field.options[TextOption.placeholder] = .string(placeholder) }
        return (field, nil)
    }

    private static func note(_ label: String, _ description: String?) -> String? {
        description.map { "\(label): \($0)" }
    }

    /// A string property: text, or a date picker for the date formats.
    private static func stringField(
        _ field: inout Field, _ reader: ObjectReader<ToolInputError>, defaultValue: JSON?, path: String
    ) throws(ToolInputError) {
        let format = try reader.string("format")
        if let format, let mode = dateModes[format] {
            field.shape = .date
            field.options[DateOption.mode] = .string(mode)
            if let start = defaultValue?.stringValue { field.options[DateOption.initial] = .string(start) }
            return
        }
        if let start = defaultValue?.stringValue { field.options[TextOption.initial] = .string(start) }
        if let length = try lengthBound(reader, "minLength", atLeast: 0) {
            field.options[TextOption.minLength] = .integer(length)
        }
        if let length = try lengthBound(reader, "maxLength", atLeast: 1) {
            field.options[TextOption.maxLength] = .integer(length)
        }
        if let pattern = try reader.string("pattern") {
            field.options[TextOption.pattern] = .string(wholeMatch(pattern))
        } else if let format, let pattern = formatPatterns[format] {
            field.options[TextOption.pattern] = .string(pattern.pattern)
            field.options[TextOption.patternDescription] = .string(pattern.description)
        }
    }

    /// A length bound of at least `least`. pickerd bounds a text's length
    /// itself (its schema for the text kind says how far), and its refusal is
    /// the call's error.
    private static func lengthBound(_ reader: ObjectReader<ToolInputError>, _ key: String, atLeast least: Int64)
        throws(ToolInputError) -> Int64?
    {
        guard let value = reader[key] else { return nil }
        guard let length = value.integerValue, length >= least else {
            throw reader.problem(
                key, .mistyped(expected: "a whole number of \(least) or more", found: value.description))
        }
        return length
    }

    /// The date kind's mode for each date format MCP allows.
    static let dateModes = ["date": "date", "date-time": "datetime"]

    /// What pickerd's text patterns take for the formats MCP allows besides dates
    /// (the shape, not a full check), and how the person is told, in words.
    static let formatPatterns = [
        "email": (pattern: #"[^@\s]+@[^@\s]+"#, description: "an email address"),
        "uri": (pattern: #"[A-Za-z][A-Za-z0-9+.-]*:\S+"#, description: "a web address"),
    ]

    /// An array property: several choices of an enum.
    private static func arrayField(
        _ field: inout Field, _ reader: ObjectReader<ToolInputError>, defaultValue: JSON?, path: String
    ) throws(ToolInputError) {
        guard let items = try reader.object("items"), let choices = try choices(items) else {
            throw ToolInputError(
                "'\(path)' is an array; a form takes arrays only of an enum's values ('items' with enum, oneOf or anyOf)"
            )
        }
        field.shape = .choices(choices)
        field.options[ListOption.choices] = .array(choices.map { .string($0.title) })
        field.options[ListOption.values] = .array(choices.map(\.value))
        field.options[ListOption.multiple] = true
        if let fewest = try reader.integer("minItems", in: 0...Int64(choices.count)) {
            field.options[ListOption.min] = .integer(fewest)
        }
        if let most = try reader.integer("maxItems", in: 1...Int64(choices.count)) {
            field.options[ListOption.max] = .integer(most)
        }
        if let start = defaultValue?.arrayValue {
            field.options[ListOption.initial] = .array(
                choices.filter { start.contains($0.value) }.map { .string($0.title) })
        }
    }

    /// Both bounds as a scale of whole numbers the number kind holds exactly
    /// (at most 2^53 steps, each bound within ±2^53); nil otherwise.
    private static func exactScale(_ low: Int64, _ high: Int64) -> ClosedRange<Int64>? {
        let exact: Int64 = 1 << 53
        guard low <= high, low >= -exact, high <= exact,
            NumberScale.steps(min: Double(low), max: Double(high), step: 1) <= NumberScale.mostSteps
        else { return nil }
        return low...high
    }

    private static func bound(_ reader: ObjectReader<ToolInputError>, _ key: String, integer: Bool)
        throws(ToolInputError) -> JSON?
    {
        guard let value = reader[key] else { return nil }
        guard value.doubleValue != nil, !integer || value.integerValue != nil else {
            throw reader.problem(
                key, .mistyped(expected: integer ? "an integer" : "a number", found: value.typeDescription))
        }
        return value
    }

    /// "a whole number from 1 to 10", "a number of at least 0.5"
    static func numberSentence(isInteger: Bool, minimum: JSON?, maximum: JSON?) -> String {
        let what = isInteger ? "a whole number" : "a number"
        switch (minimum, maximum) {
        case (let low?, let high?): return "\(what) from \(low) to \(high)"
        case (let low?, nil): return "\(what) of at least \(low)"
        case (nil, let high?): return "\(what) of at most \(high)"
        case (nil, nil): return what
        }
    }

    /// A JSON Schema pattern (found anywhere in the value, unless anchored) as
    /// pickerd's, which the whole value must match.
    static func wholeMatch(_ pattern: String) -> String {
        var core = Substring(pattern)
        let anchoredAtStart = core.hasPrefix("^")
        if anchoredAtStart { core = core.dropFirst() }
        let escapes = core.reversed().dropFirst().prefix { $0 == "\\" }.count
        let anchoredAtEnd = core.hasSuffix("$") && escapes % 2 == 0
        if anchoredAtEnd { core = core.dropLast() }
        return (anchoredAtStart ? "" : ".*") + "(?:\(core))" + (anchoredAtEnd ? "" : ".*")
    }
}
