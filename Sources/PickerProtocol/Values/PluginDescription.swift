import PickerJSON

/// One kind as `plugins` describes it: `{kind, summary, options, value, base?,
/// checked_by?}`, with the JSON Schemas of its options and of its value;
/// `base` for a preset, `checked_by` for one whose values an external program
/// checks.
public struct PluginDescription: Sendable, Equatable {
    public var kind: String
    public var summary: String
    public var optionsSchema: JSON
    public var valueSchema: JSON
    public var base: String?
    public var checkedBy: String?

    public init(kind: String, summary: String, optionsSchema: JSON, valueSchema: JSON, base: String?, checkedBy: String?) {
        self.kind = kind
        self.summary = summary
        self.optionsSchema = optionsSchema
        self.valueSchema = valueSchema
        self.base = base
        self.checkedBy = checkedBy
    }

    public var json: JSON {
        var object = JSONObject([
            WireName.kind: .string(kind), WireName.summary: .string(summary), WireName.options: optionsSchema,
            WireName.value: valueSchema,
        ])
        if let base { object[WireName.base] = .string(base) }
        if let checkedBy { object[WireName.checkedBy] = .string(checkedBy) }
        return .object(object)
    }

    public init?(json: JSON) {
        guard let kind = json[WireName.kind]?.stringValue, let summary = json[WireName.summary]?.stringValue else { return nil }
        self.init(
            kind: kind, summary: summary, optionsSchema: json[WireName.options] ?? .null, valueSchema: json[WireName.value] ?? .null,
            base: json[WireName.base]?.stringValue, checkedBy: json[WireName.checkedBy]?.stringValue)
    }
}
