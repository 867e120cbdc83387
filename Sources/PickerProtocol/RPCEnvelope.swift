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

    /// Reads one element of a line (the line's value, or an element of its batch).
    public static func read(_ element: JSONValueView) -> Result<RPCEnvelope, RPCFailure> {
        guard let object = element.objectView else { return .failure(RPCRequest.notAnObject) }
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
            method: object[WireName.method.jsonKey]?.json, params: params
        ).map { read in
            RPCEnvelope(
                id: read.id, method: read.method, params: read.params.map { .document($0) } ?? .tree(JSONObject()))
        }
    }
}
