import PickerJSON

/// `plugins`: each kind's summary, `base` for a preset, and the JSON Schemas
/// of its options and value.
public struct Plugins: ParameterlessMethod {
    public typealias Result = [PluginDescription]
    public static let signature = MethodSignature("plugins", needs: nil)

    public init() {}

    public static func encode(_ result: [PluginDescription]) -> JSON { .array(result.map(\.json)) }

    public static func decode(_ json: JSON) -> [PluginDescription]? {
        guard let items = json.arrayValue else { return nil }
        let descriptions = items.compactMap(PluginDescription.init(json:))
        return descriptions.count == items.count ? descriptions : nil
    }
}
