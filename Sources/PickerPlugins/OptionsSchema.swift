import PickerJSON

/// The JSON Schema shapes the kinds' options share.
enum OptionsSchema {
    /// An object that takes only `properties`, of which `required` must be there.
    static func closedObject(required: [String] = [], _ properties: JSONObject) -> JSON {
        var schema: JSONObject = ["type": "object", "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map(JSON.string)) }
        schema["properties"] = .object(properties)
        return .object(schema)
    }

    /// A list of one to `maxItems` items.
    static func list(of items: JSON, maxItems: Int) -> JSONObject {
        ["type": "array", "minItems": 1, "maxItems": .integer(Int64(maxItems)), "items": items]
    }
}
