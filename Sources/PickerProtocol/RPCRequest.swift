import PickerJSON

/// The protocol version this code speaks.
public enum PickerProtocolVersion {
    public static let current: Int64 = 1
}

/// One JSON-RPC 2.0 request or notification, checked for shape.
public struct RPCRequest: Sendable, Equatable {
    /// nil for a notification; otherwise a string, a number or null, echoed as given.
    public var id: JSON?
    public var method: String
    public var params: JSONObject

    public init(id: JSON?, method: String, params: JSONObject = JSONObject()) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var isNotification: Bool { id == nil }

    /// Reads one element of a message. A failure carries the id to answer with
    /// (null when the id itself is missing or unusable).
    public static func read(_ json: JSON) -> Result<RPCRequest, RPCFailure> {
        guard let object = json.objectValue else {
            return .failure(RPCFailure(id: .null, error: RPCError(.invalidRequest, "a request must be a JSON object")))
        }
        var id: JSON?
        switch object["id"] {
        case nil:
            id = nil
        case .string?, .integer?, .double?, .null?:
            id = object["id"]
        case let other?:
            return .failure(
                RPCFailure(id: .null, error: RPCError(.invalidRequest, "id must be a string or a number, not \(other.typeDescription)")))
        }
        let answerID = id ?? .null
        guard object["jsonrpc"] == .string("2.0") else {
            return .failure(RPCFailure(id: answerID, error: RPCError(.invalidRequest, #"a request must have "jsonrpc":"2.0""#)))
        }
        guard let method = object["method"]?.stringValue else {
            return .failure(RPCFailure(id: answerID, error: RPCError(.invalidRequest, "a request must have a method name (a string)")))
        }
        let params: JSONObject
        switch object["params"] {
        case nil, .null?:
            params = JSONObject()
        case .object(let given)?:
            params = given
        case let other?:
            return .failure(
                RPCFailure(id: answerID, error: .invalidParams("params must be an object, not \(other.typeDescription)")))
        }
        return .success(RPCRequest(id: id, method: method, params: params))
    }

    public var json: JSON {
        var object: JSONObject = ["jsonrpc": "2.0"]
        if let id { object["id"] = id }
        object["method"] = .string(method)
        if !params.isEmpty { object["params"] = .object(params) }
        return .object(object)
    }
}

/// A request that cannot be run, and the id its error goes back with.
public struct RPCFailure: Error, Sendable, Equatable {
    public var id: JSON
    public var error: RPCError

    public init(id: JSON, error: RPCError) {
        self.id = id
        self.error = error
    }
}
