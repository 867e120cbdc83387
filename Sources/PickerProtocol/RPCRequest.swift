import PickerJSON

/// The protocol version this code speaks.
public enum PickerProtocolVersion {
    public static let current: Int64 = 1
}

/// A request's id, to be echoed exactly as the client wrote it: the same
/// string, or the same JSON text for a number. A number parsed into a double
/// (`1e2`, `1.0`, `12345678901234567890123`) or `-0` would serialize
/// differently (`100.0`, `0`), so such an id keeps its source text.
public struct RPCRequestID: Sendable, Hashable {
    public let value: JSON
    /// The number's text as sent, where serializing `value` would not give it back.
    public let text: String?

    public static let null = RPCRequestID(.null)

    public init(_ value: JSON) {
        self.value = value
        text = nil
    }

    /// `value` with the text it was written with (`JSONParser`'s number
    /// text of the request's `id`): kept only when the value needs it, and
    /// only when that text reads back as the same value (so it can never say
    /// something else).
    init(_ value: JSON, text: String?) {
        self.value = value
        self.text = text.flatMap { text in Self.needsText(value) && (try? JSON.parse(text)) == value ? text : nil }
    }

    private static func needsText(_ value: JSON) -> Bool {
        switch value {
        case .double, .integer(0): return true
        default: return false
        }
    }

    public func serialize(into bytes: inout [UInt8]) {
        if let text { bytes += text.utf8 } else { value.serialize(into: &bytes) }
    }
}

/// One JSON-RPC 2.0 request or notification, checked for shape.
public struct RPCRequest: Sendable, Equatable {
    /// nil for a notification; otherwise a string, a number or null, echoed as given.
    public var id: RPCRequestID?
    public var method: String
    public var params: JSONObject

    public init(id: JSON?, method: String, params: JSONObject = JSONObject()) {
        self.init(read: id.map(RPCRequestID.init), method: method, params: params)
    }

    private init(read id: RPCRequestID?, method: String, params: JSONObject) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var isNotification: Bool { id == nil }

    /// Reads one element of a message. A failure carries the id to answer with
    /// (null when the id itself is missing or unusable). `idText` is a number
    /// id's text as written, from `JSONParser.parse(_:keepingNumberTextsOf:)`.
    public static func read(_ json: JSON, idText: String? = nil) -> Result<RPCRequest, RPCFailure> {
        guard let object = json.objectValue else { return .failure(notAnObject) }
        let params: EnvelopeParams<JSONObject> =
            switch object[WireName.params] {
            case nil, .null?: .absent
            case .object(let given)?: .object(given)
            case let other?: .other(other.typeDescription)
            }
        return readEnvelope(
            id: object[WireName.id], idText: idText, jsonrpc: object[WireName.jsonrpc],
            method: object[WireName.method], params: params
        ).map { RPCRequest(read: $0.id, method: $0.method, params: $0.params ?? JSONObject()) }
    }

    static let notAnObject = RPCFailure(
        id: .null, error: RPCError(.invalidRequest, "a request must be a JSON object"))

    /// A request's `params` as its envelope has it.
    enum EnvelopeParams<Params> {
        case absent
        case object(Params)
        /// Not an object: what it is.
        case other(String)
    }

    /// The envelope's checks, in the order its errors are given, wherever its
    /// members come from (a `JSON` tree or a `JSONDocument`).
    static func readEnvelope<Params>(
        id idMember: JSON?, idText: String?, jsonrpc: JSON?, method methodMember: JSON?,
        params: EnvelopeParams<Params>
    ) -> Result<(id: RPCRequestID?, method: String, params: Params?), RPCFailure> {
        let id: RPCRequestID?
        switch idMember {
        case nil:
            id = nil
        case let given?:
            switch given {
            case .string, .integer, .double, .null: id = RPCRequestID(given, text: idText)
            default:
                return .failure(
                    RPCFailure(
                        id: .null,
                        error: RPCError(
                            .invalidRequest, "id must be a string or a number, not \(given.typeDescription)")))
            }
        }
        let answerID = id ?? .null
        guard jsonrpc == .string("2.0") else {
            return .failure(
                RPCFailure(id: answerID, error: RPCError(.invalidRequest, #"a request must have "jsonrpc":"2.0""#)))
        }
        guard let method = methodMember?.stringValue else {
            return .failure(
                RPCFailure(
                    id: answerID, error: RPCError(.invalidRequest, "a request must have a method name (a string)")))
        }
        switch params {
        case .absent:
            return .success((id, method, nil))
        case .object(let given):
            return .success((id, method, given))
        case .other(let description):
            return .failure(
                RPCFailure(id: answerID, error: .invalidParams("params must be an object, not \(description)")))
        }
    }

    public var json: JSON {
        var object: JSONObject = JSONObject([WireName.jsonrpc: "2.0"])
        if let id { object[WireName.id] = id.value }
        object[WireName.method] = .string(method)
        if !params.isEmpty { object[WireName.params] = .object(params) }
        return .object(object)
    }
}

/// A request that cannot be run, and the id its error goes back with.
public struct RPCFailure: Error, Sendable, Equatable {
    public var id: RPCRequestID
    public var error: RPCError
}
