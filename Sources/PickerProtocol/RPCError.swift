import PickerJSON

/// A JSON-RPC error object: a code, one sentence, and optional data.
public struct RPCError: Error, Sendable, Equatable {
    public var code: RPCErrorCode
    public var message: String
    public var data: JSON?

    public init(_ code: RPCErrorCode, _ message: String, data: JSON? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public static func invalidParams(_ message: String, field: String? = nil) -> RPCError {
        RPCError(.invalidParams, message, data: field.map { .object(JSONObject([WireName.field: .string($0)])) })
    }

    public var json: JSON {
        var object: JSONObject = JSONObject([
            WireName.code: .integer(code.rawValue), WireName.message: .string(message),
        ])
        if let data { object[WireName.data] = data }
        return .object(object)
    }

    /// Reads an error object as a response carries it.
    public init?(json: JSON) {
        guard let rawCode = json[WireName.code]?.integerValue, let message = json[WireName.message]?.stringValue else {
            return nil
        }
        self.init(RPCErrorCode(rawValue: rawCode) ?? .internalError, message, data: json[WireName.data])
    }
}
