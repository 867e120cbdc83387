import PickerJSON
import PickerProtocol

/// The JSON Schema shapes the kinds' options share.
enum OptionsSchema {
    /// An object that takes only `properties`, of which `required` must be there.
    static func closedObject<Name: OptionName>(required: [Name] = [], _ properties: KeyValuePairs<Name, JSON>) -> JSON {
        var schema: JSONObject = ["type": "object", "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0.rawValue) }) }
        schema["properties"] = .object(JSONObject(properties))
        return .object(schema)
    }

    /// A list of one to `maxItems` items.
    static func list(of items: JSON, maxItems: Int) -> JSONObject {
        ["type": "array", "minItems": 1, "maxItems": .integer(Int64(maxItems)), "items": items]
    }
}
