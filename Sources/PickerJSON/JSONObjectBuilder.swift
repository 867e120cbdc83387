/// Builds a `JSONObject` from a shape's members (`JSONObject(shape:)`).
public struct JSONObjectBuilder: JSONMemberWriter {
    public private(set) var object = JSONObject()

    public init() {}

    public mutating func write(_ name: some MemberName, _ value: JSON) {
        object[name.jsonKey] = value
    }

    public mutating func write(_ name: some MemberName, object shape: some JSONObjectShape) {
        object[name.jsonKey] = .object(JSONObject(shape: shape))
    }
}
