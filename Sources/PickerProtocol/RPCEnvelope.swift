import PickerJSON

/// A request as the daemon reads it from its line: the envelope's members
/// (`jsonrpc`, `id`, `method`) read one by one from json-c's objects, and
/// `params` left there until its method reads them (`ParamsReader`), so
/// no `JSON` tree of the whole line is built first. The checks and their
/// errors are `RPCRequest.read`'s.
///
/// Not `Sendable`: its params may still be a `JSONDocument`'s, which stays
/// on the thread that parsed it.
public struct RPCEnvelope {
    /// nil for a notification; otherwise echoed as given.
    public var id: RPCRequestID?
    public var method: String
    public var params: JSONMembers

    public var isNotification: Bool { id == nil }

    /// What an element of a line the daemon reads is.
    public enum Message {
        case request(RPCEnvelope)
        /// A client's answer to a request of the daemon's own (`browse`): no
        /// `method`, and a `result` or an `error`.
        case answer
        /// Neither: answered with this error.
        case failure(RPCFailure)
    }

    /// Reads one element of a line (the line's value, or an element of its batch).
    public static func read(_ element: JSONValueView) -> Result<RPCEnvelope, RPCFailure> {
        guard let object = element.objectView else { return .failure(RPCRequest.notAnObject) }
        return read(object, method: object[WireName.method.jsonKey])
    }

    /// Reads one element as `read` does, but tells a client's answer apart
    /// first; a request's `method` is looked up once for both.
    public static func readMessage(_ element: JSONValueView) -> Message {
        guard let object = element.objectView else { return .failure(RPCRequest.notAnObject) }
        let method = object[WireName.method.jsonKey]
        if method == nil, object[WireName.result.jsonKey] != nil || object[WireName.error.jsonKey] != nil {
            return .answer
        }
        switch read(object, method: method) {
        case .success(let request): return .request(request)
        case .failure(let failure): return .failure(failure)
        }
    }

    private static func read(_ object: JSONObjectView, method: JSONValueView?) -> Result<RPCEnvelope, RPCFailure> {
        let id = object[WireName.id.jsonKey]
        var params = RPCRequest.EnvelopeParams<JSONObjectView>.absent
        if let given = object[WireName.params.jsonKey], !given.isNull {
            if let members = given.objectView {
                params = .object(members)
            } else {
                params = .other(given.json.typeDescription)
            }
        }
        return RPCRequest.readEnvelope(
            id: id?.json, idText: id?.numberText, jsonrpc: object[WireName.jsonrpc.jsonKey]?.json,
            method: method?.json, params: params
        ).map { read in
            RPCEnvelope(
                id: read.id, method: read.method, params: read.params.map { .document($0) } ?? .tree(JSONObject()))
        }
    }
}
