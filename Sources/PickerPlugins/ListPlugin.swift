import PickerCore
import PickerJSON
import PickerProtocol

/// `list`: one choice from a list, or several (`multiple`, a checklist, like
/// `gum choose --no-limit`). The value is the chosen strings in list order.
public struct ListPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.list

    public var optionsSchema: JSON {
        let choice: JSON = ["type": "string", "minLength": 1, "maxLength": .integer(Int64(PluginLimits.labelLength))]
        var choices = OptionsSchema.list(of: choice, maxItems: PluginLimits.choicesPerColumn)
        choices["uniqueItems"] = true
        return OptionsSchema.closedObject(
            required: [ListOption.choices],
            [
                .choices: .object(choices),
                .multiple: ["type": "boolean", "default": false, "description": "several choices may be picked"],
                .min: [
                    "type": "integer", "minimum": 0, "description": "with multiple: the fewest to pick (default 0)",
                ],
                .max: [
                    "type": "integer", "minimum": 1, "description": "with multiple: the most to pick (default all)",
                ],
                .initial: [
                    "type": "array", "uniqueItems": true, "items": ["type": ["string", "integer"]],
                    "description":
                        "the choices (or indices; with values, the values) picked at the start; at most one without multiple",
                ],
                .header: [
                    "type": "string", "maxLength": .integer(Int64(PluginLimits.labelLength)),
                    "description": "a line shown above the choices",
                ],
                .height: [
                    "type": "integer", "minimum": 1, "maximum": .integer(Int64(PluginLimits.choicesPerColumn)),
                    "description": "how many choices are shown at once (fewer where there is no room)",
                ],
                .values: [
                    "type": "array", "maxItems": .integer(Int64(PluginLimits.choicesPerColumn)),
                    "items": ["type": ["string", "number", "boolean"]],
                    "description":
                        "each choice's value, distinct: the list's value is then the chosen values (a bare one without multiple), and a script may answer with them",
                ],
            ])
    }

    public var valueSchema: JSON {
        [
            "type": "array", "uniqueItems": true, "items": ["type": "string"],
            "description":
                "the chosen strings in list order, exactly one without multiple; indices, and a bare choice or index, are accepted on submit and normalized to strings; with values, the chosen values (a bare one without multiple), answered by value or choice",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(options, kind: kind, known: ListOption.names)
        guard let rows = try reader.array(ListOption.choices), !rows.isEmpty else {
            throw PluginRejection("a list needs option '\(ListOption.choices)' with at least one choice")
        }
        try PluginLimits.check(rows.count, atMost: PluginLimits.choicesPerColumn, "a list", ListOption.choices.rawValue)
        let choices = try ChoiceTree.readColumn(rows, place: "option '\(ListOption.choices)'")
        let isMultiple = try reader.bool(ListOption.multiple) ?? false
        let min = try reader.integer(ListOption.min, in: 0...PluginLimits.choicesPerColumn)
        let max = try reader.integer(ListOption.max, in: 1...PluginLimits.choicesPerColumn)
        if !isMultiple, let given = [(ListOption.min, min), (.max, max)].first(where: { $0.1 != nil })?.0 {
            throw PluginRejection(
                "option '\(given)' applies only with '\(ListOption.multiple)': true; without it exactly one choice is picked"
            )
        }
        var picker = PreparedList(choices: choices, isMultiple: isMultiple)
        if let values = try reader.array(ListOption.values) {
            picker.values = try ChoiceValues(values, choices: choices)
        }
        picker.header = try reader.string(ListOption.header)
        if let header = picker.header { try PluginLimits.checkLength(header, of: "option '\(ListOption.header)'") }
        picker.height = try reader.integer(ListOption.height, in: 1...PluginLimits.choicesPerColumn)
        if isMultiple {
            let least = min ?? 0
            if let max, least > max {
                throw PluginRejection(
                    "option '\(ListOption.min)' (\(least)) must not be greater than option '\(ListOption.max)' (\(max))"
                )
            }
            guard least <= choices.count else {
                throw PluginRejection(
                    "option '\(ListOption.min)' is \(least), but the list has only \(choices.count) choice\(choices.count == 1 ? "" : "s")"
                )
            }
            // More than there are choices allows them all.
            picker.range = least...Swift.min(max ?? choices.count, choices.count)
        }
        if let initial = reader[ListOption.initial] {
            do {
                let chosen = try picker.positions(of: initial)
                // Fewer than `min` is a start the person adds to; more than `max` could not be answered.
                try picker.check(count: chosen.count, in: 0...picker.range.upperBound)
                if !chosen.isEmpty || isMultiple {
                    picker.initial = chosen
                    picker.initialIsGiven = true
                }
            } catch {
                throw PluginRejection("option '\(ListOption.initial)': \(error.message)")
            }
        }
        return picker
    }
}

/// A list's choices and how many to pick, for one window.
struct PreparedList: PreparedPicker {
    let choices: [String]
    /// Each choice's place in `choices`, so reading a value takes one lookup per item.
    let positionOf: [String: Int]
    let isMultiple: Bool
    /// How many may be picked: exactly one without `multiple`.
    var range: ClosedRange<Int> = 1...1
    /// The positions picked at the start, in list order: the first choice
    /// (where the highlight starts) without `multiple`, none with it.
    var initial: [Int]
    /// Whether `initial` was the asker's (else it is the list's own start).
    var initialIsGiven = false
    /// How the choices are shown: a line above them, and how many at once.
    var header: String?
    var height: Int?
    /// Each choice's value, when the asker gave them (`values`).
    var values: ChoiceValues?

    init(choices: [String], isMultiple: Bool) {
        self.choices = choices
        positionOf = Dictionary(choices.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        self.isMultiple = isMultiple
        initial = isMultiple ? [] : [0]
    }

    var options: JSON {
        var object = JSONObject([ListOption.choices: .array(choices.map(JSON.string))])
        object[ListOption.multiple] = .bool(isMultiple)
        if isMultiple {
            object[ListOption.min] = .integer(Int64(range.lowerBound))
            object[ListOption.max] = .integer(Int64(range.upperBound))
        }
        object[ListOption.initial] = strings(initial)
        if let header { object[ListOption.header] = .string(header) }
        if let height { object[ListOption.height] = .integer(Int64(height)) }
        if let values { object[ListOption.values] = .array(values.values) }
        return .object(object)
    }

    var initialValue: JSON? { answer(initial) }
    var givenInitialValue: JSON? { initialIsGiven ? initialValue : nil }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        let chosen = try positions(of: value)
        try check(count: chosen.count, in: range)
        return answer(chosen) ?? .null
    }

    /// The positions `value` names, in list order: an array of choices or
    /// indices (a bare one is an array of one), each at most once.
    func positions(of value: JSON) throws(PluginRejection) -> [Int] {
        let given: [JSON]
        switch value {
        case .array(let array): given = array
        case .string, .integer, .double: given = [value]
        case .bool where values != nil: given = [value]
        default:
            throw PluginRejection(
                "a list value must be an array of choices (strings or indices), not \(value.typeDescription)")
        }
        var picked = Set<Int>()
        for item in given {
            let position: Int
            if let values {
                // A value first, then a choice (what the front-ends send); never
                // an index, so an integer has one reading (docs/protocol.md, list).
                guard let found = values.position(of: item) ?? item.stringValue.flatMap({ positionOf[$0] }) else {
                    let isIndex = item.integerValue.map { choices.indices.contains(Int(clamping: $0)) } ?? false
                    throw PluginRejection(
                        "\(ChoiceValues.shown(item)) is none of the values \(values.listed) (nor a choice: \(choices.listed()))\(isIndex ? "; a list with values takes no index" : "")"
                    )
                }
                position = found
            } else if let text = item.stringValue {
                guard let found = positionOf[text] else {
                    throw PluginRejection("'\(text.prefix(40))' is not a choice; the choices are \(choices.listed())")
                }
                position = found
            } else if let index = item.integerValue {
                guard index >= 0, index < choices.count else {
                    throw PluginRejection(
                        "there is no choice at index \(index); \(choices.count == 1 ? "the one choice has the index 0" : "the \(choices.count) choices have the indices 0–\(choices.count - 1)")"
                    )
                }
                position = Int(index)
            } else {
                throw PluginRejection("a picked item must be a choice or its index, not \(item.typeDescription)")
            }
            guard picked.insert(position).inserted else {
                throw PluginRejection("'\(choices[position].prefix(40))' is picked twice")
            }
        }
        return picked.sorted()
    }

    /// Refuses picking `count` choices when `allowed` says otherwise.
    func check(count: Int, in allowed: ClosedRange<Int>) throws(PluginRejection) {
        guard !allowed.contains(count) else { return }
        if allowed.lowerBound == allowed.upperBound {
            throw PluginRejection(
                "pick exactly \(allowed.lowerBound == 1 ? "one" : String(allowed.lowerBound)) of the choices, not \(count)"
            )
        }
        if count < allowed.lowerBound {
            throw PluginRejection("pick at least \(allowed.lowerBound) of the choices, not \(count)")
        }
        throw PluginRejection("pick at most \(allowed.upperBound) of the choices, not \(count)")
    }

    private func strings(_ chosen: [Int]) -> JSON {
        .array(chosen.map { .string(choices[$0]) })
    }

    /// The value for the chosen positions: their strings, or with `values`
    /// their values (a bare one without `multiple`; nil when none is chosen).
    private func answer(_ chosen: [Int]) -> JSON? {
        guard let values else { return strings(chosen) }
        if isMultiple { return .array(chosen.map { values.values[$0] }) }
        return chosen.first.map { values.values[$0] }
    }
}
