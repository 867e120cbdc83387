import PickerJSON

/// One kind as `plugins` describes it: `{kind, summary, options, value, base?,
/// checked_by?}`, with the JSON Schemas of its options and of its value;
/// `base` for a preset, `checked_by` for one whose values an external program
/// checks.
public struct PluginDescription: DescribedKind, Sendable, Equatable {
    public var kind: String
    public var summary: String
    public var optionsSchema: JSON
    public var valueSchema: JSON
    public var base: String?
    public var checkedBy: String?
}

/// A kind as `plugins` describes it; the daemon's plugins are described kinds.
public protocol DescribedKind {
    var kind: String { get }
    /// One line for `plugins` and help texts.
    var summary: String { get }
    /// JSON Schema of the options object.
    var optionsSchema: JSON { get }
    /// JSON Schema of a value in its canonical form.
    var valueSchema: JSON { get }
    /// The built-in kind a preset is made from; nil for a built-in kind.
    var base: String? { get }
    /// The external program that also checks values, for a preset that has one.
    var checkedBy: String? { get }
}

extension PluginDescription {
    public init(_ kind: some DescribedKind) {
        self.init(
            kind: kind.kind, summary: kind.summary, optionsSchema: kind.optionsSchema, valueSchema: kind.valueSchema,
            base: kind.base, checkedBy: kind.checkedBy)
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
        guard let kind = json[WireName.kind]?.stringValue, let summary = json[WireName.summary]?.stringValue else {
            return nil
        }
        self.init(
            kind: kind, summary: summary, optionsSchema: json[WireName.options] ?? .null,
            valueSchema: json[WireName.value] ?? .null,
            base: json[WireName.base]?.stringValue, checkedBy: json[WireName.checkedBy]?.stringValue)
    }
}
