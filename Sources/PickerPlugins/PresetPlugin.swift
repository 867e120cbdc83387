import PickerCore
import PickerJSON

/// A kind defined in the config's presets folder: a built-in base kind with
/// some options fixed and some given defaults, a title and a summary.
///
/// The rule for a `present` of a preset kind: it may give any option of the
/// base kind that the preset does not fix, including those the preset gives a
/// default for (its value wins); giving a fixed option is refused, naming it.
public struct Preset: Sendable, Equatable {
    public var kind: String
    public var base: String
    public var title: String? = nil
    public var summary: String? = nil
    /// Options every window of the kind gets; a present may not give them.
    public var fixed: JSONObject = [:]
    /// Options a present may override.
    public var defaults: JSONObject = [:]
    /// The file it came from, for messages.
    public var file = ""
    /// An external program that checks and normalizes values, as given.
    public var exec: [String]? = nil
}

public struct PresetPlugin: PickerPlugin {
    public let preset: Preset
    private let basePlugin: any PickerPlugin

    public init(_ preset: Preset, base: any PickerPlugin) {
        self.preset = preset
        basePlugin = base
    }

    public var kind: String { preset.kind }
    public var base: String? { preset.base }
    public var checkedBy: String? { preset.exec?.first }
    public var summary: String { preset.summary ?? "\(basePlugin.summary) (a preset of \(basePlugin.kind))" }
    public var defaultTitle: String { preset.title ?? basePlugin.defaultTitle }
    public var valueSchema: JSON { basePlugin.valueSchema }

    /// The base kind's schema without the fixed options, and with the preset's
    /// defaults as `default`.
    public var optionsSchema: JSON {
        guard case .object(var schema) = basePlugin.optionsSchema, case .object(var properties)? = schema["properties"]
        else {
            return basePlugin.optionsSchema
        }
        var open = JSONObject()
        for member in properties where preset.fixed[member.key] == nil {
            var property = member.value
            if let value = preset.defaults[member.key], case .object(var described) = property {
                described["default"] = value
                property = .object(described)
            }
            open[member.key] = property
        }
        properties = open
        schema["properties"] = .object(properties)
        if case .array(let required)? = schema["required"] {
            schema["required"] = .array(required.filter { $0.stringValue.map { preset.fixed[$0] == nil } ?? true })
        }
        return .object(schema)
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        if let fixed = options.first(where: { preset.fixed[$0.key] != nil }) {
            throw PluginRejection(
                "option '\(fixed.key)' is fixed by the \(preset.kind) preset (\(preset.file)); leave it out", field: nil
            )
        }
        var merged = preset.defaults
        for member in options { merged[member.key] = member.value }
        for member in preset.fixed { merged[member.key] = member.value }
        return try basePlugin.prepare(options: merged, context: context)
    }
}
