import PickerJSON

/// `ping`: `"pong"`, at once.
public struct Ping: ParameterlessMethod {
    public typealias Result = String
    public static let signature = MethodSignature("ping", needs: nil)

    public init() {}

    public static func encode(_ result: String) -> JSON { .string(result) }
    public static func decode(_ json: JSON) -> String? { json.stringValue }
}
