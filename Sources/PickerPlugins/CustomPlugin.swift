import PickerCore
import PickerJSON
import PickerProtocol

/// `custom`: a wheel picker with one or more components (columns), independent
/// (`columns`) or each depending on the one before (`tree`).
public struct CustomPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.custom

    public var optionsSchema: JSON {
        let components = JSON.integer(Int64(PluginLimits.components))
        let choices = JSON.integer(Int64(PluginLimits.choicesPerColumn))
        let choice: JSON = ["type": "string", "minLength": 1, "maxLength": .integer(Int64(PluginLimits.labelLength))]
        return [
            "type": "object", "additionalProperties": false,
            "oneOf": [
                ["required": [.string(CustomOption.columns.rawValue)]],
                ["required": [.string(CustomOption.tree.rawValue)]],
            ],
            "properties": .object(
                JSONObject([
                    CustomOption.columns: [
                        "type": "array", "minItems": 1, "maxItems": components,
                        "items": [
                            "type": "array", "minItems": 1, "maxItems": choices, "uniqueItems": true, "items": choice,
                        ],
                    ],
                    CustomOption.tree: [
                        "type": "object", "minProperties": 1, "maxProperties": choices,
                        "description": .string(
                            "keys are the first column; values are the next column: an array of strings or a further object; at most \(PluginLimits.components) levels, \(PluginLimits.choicesPerColumn.grouped) choices under one branch and \(PluginLimits.treeChoices.grouped) in all"
                        ),
                    ],
                    CustomOption.labels: [
                        "type": "array", "maxItems": components,
                        "items": ["type": "string", "maxLength": .integer(Int64(PluginLimits.labelLength))],
                    ],
                    CustomOption.initial: [
                        "type": "array", "maxItems": components, "items": ["type": ["string", "integer"]],
                    ],
                ])),
        ]
    }

    public var valueSchema: JSON {
        [
            "type": "array", "items": ["type": "string"],
            "description": "one string per component; row indices are accepted on submit and normalized to strings",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(options, kind: kind, known: CustomOption.names)
        let source: ChoiceSource
        switch (try reader.array(CustomOption.columns), reader[CustomOption.tree]) {
        case (let columns?, nil):
            guard !columns.isEmpty else {
                throw PluginRejection("option '\(CustomOption.columns)' needs at least one column")
            }
            try PluginLimits.check(
                columns.count, atMost: PluginLimits.components, "a custom picker", CustomOption.columns.rawValue)
            var read: [[String]] = []
            for (index, column) in columns.enumerated() {
                guard let rows = column.arrayValue else {
                    throw PluginRejection(
                        "column \(index + 1) of option '\(CustomOption.columns)' must be an array of strings")
                }
                read.append(try ChoiceTree.readColumn(rows, place: "column \(index + 1)"))
            }
            source = .columns(read)
        case (nil, let tree?):
            source = .tree(try ChoiceTree.read(tree))
        case (nil, nil):
            throw PluginRejection(
                "a custom picker needs option '\(CustomOption.columns)' (independent) or 'tree' (dependent)")
        case (_?, _?):
            throw PluginRejection(
                "give either option '\(CustomOption.columns)' or option '\(CustomOption.tree)', not both")
        }
        var labels: [String]?
        if let given = try reader.array(CustomOption.labels) {
            let strings = given.compactMap(\.stringValue)
            guard strings.count == given.count, strings.count == source.componentCount else {
                throw PluginRejection(
                    "option '\(CustomOption.labels)' must hold \(source.componentCount) string\(source.componentCount == 1 ? "" : "s"), one per component"
                )
            }
            for (index, label) in strings.enumerated() {
                try PluginLimits.checkLength(label, of: "the label of column \(index + 1)")
            }
            labels = strings
        }
        var picker = PreparedCustom(source: source, labels: labels, initial: [])
        if let initial = reader[CustomOption.initial] {
            do {
                picker.initial = try picker.components(of: initial)
                picker.initialIsGiven = true
            } catch {
                throw PluginRejection("option '\(CustomOption.initial)': \(error.message)")
            }
        } else {
            picker.initial = picker.firstRows
        }
        return picker
    }
}

/// A custom picker's choices for one window.
struct PreparedCustom: PreparedPicker {
    let source: ChoiceSource
    let labels: [String]?
    var initial: [String]
    /// Whether `initial` was the asker's (else it is the first rows).
    var initialIsGiven = false

    var options: JSON {
        var object = JSONObject()
        switch source {
        case .columns(let columns):
            object[CustomOption.columns] = .array(columns.map { .array($0.map(JSON.string)) })
        case .tree(let tree):
            object[CustomOption.tree] = Self.json(tree)
        }
        if let labels { object[CustomOption.labels] = .array(labels.map(JSON.string)) }
        object[CustomOption.initial] = .array(initial.map(JSON.string))
        return .object(object)
    }

    var initialValue: JSON? { .array(initial.map(JSON.string)) }
    var givenInitialValue: JSON? { initialIsGiven ? initialValue : nil }

    /// The first row of every component (of the first branch, for a tree).
    var firstRows: [String] {
        var cursor = ChoiceCursor(source)
        var chosen: [String] = []
        for _ in 0..<source.componentCount {
            chosen.append(cursor.rows[0])
            cursor.choose(0)
        }
        return chosen
    }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        .array(try components(of: value).map(JSON.string))
    }

    /// Reads an array of strings or row indices (a bare one for a single component).
    func components(of value: JSON) throws(PluginRejection) -> [String] {
        let count = source.componentCount
        let given: [JSON]
        switch value {
        case .array(let array):
            given = array
        case .string, .integer, .double:
            guard count == 1 else { fallthrough }
            given = [value]
        default:
            throw PluginRejection(
                "a custom value must be an array with one string per component, not \(value.typeDescription)")
        }
        guard given.count == count else {
            throw PluginRejection(
                "expected \(count) component\(count == 1 ? "" : "s") (one per column), got \(given.count)")
        }
        var cursor = ChoiceCursor(source)
        var chosen: [String] = []
        for (index, component) in given.enumerated() {
            let rows = cursor.rows
            let column = labels.map { "column \(index + 1) (\($0[index]))" } ?? "column \(index + 1)"
            if let text = component.stringValue {
                guard let row = rows.firstIndex(of: text) else {
                    if index > 0, case .tree = source {
                        throw PluginRejection(
                            "'\(text.prefix(40))' is not under '\(chosen[index - 1].prefix(40))'; the choices there are \(rows.listed())"
                        )
                    }
                    throw PluginRejection(
                        "'\(text.prefix(40))' is not a choice in \(column); the choices are \(rows.listed())")
                }
                chosen.append(text)
                cursor.choose(row)
            } else if let row = component.integerValue {
                guard row >= 0, row < rows.count else {
                    throw PluginRejection(
                        "row index \(row) is out of range for \(column), which has \(rows.count) rows (indices 0–\(rows.count - 1))"
                    )
                }
                chosen.append(rows[Int(row)])
                cursor.choose(Int(row))
            } else {
                throw PluginRejection(
                    "component \(index + 1) must be a string or a row index, not \(component.typeDescription)")
            }
        }
        return chosen
    }

    private static func json(_ tree: ChoiceTree) -> JSON {
        if tree.children.isEmpty { return .array(tree.choices.map(JSON.string)) }
        return .object(JSONObject(zip(tree.choices, tree.children.map(json))))
    }
}
