import PickerJSON

/// `plugins`: each kind's summary, `base` for a preset, and the JSON Schemas
/// of its options and value.
public struct Plugins: ParameterlessMethod {
    public typealias Result = [JSON]
    public static let name = "plugins"
    public static let permission: Permission? = nil

    public init() {}

    public static func encode(_ result: [JSON]) -> JSON { .array(result) }
    public static func decode(_ json: JSON) -> [JSON]? { json.arrayValue }
}
