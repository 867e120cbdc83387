import PickerJSON

/// Builds the messages the daemon sends: results, errors and event notifications.
public enum RPCResponse {
    public static func result(id: JSON, _ result: JSON) -> JSON {
        .object(JSONObject([WireName.jsonrpc: "2.0", WireName.id: id, WireName.result: result]))
    }

    public static func error(id: JSON, _ error: RPCError) -> JSON {
        .object(JSONObject([WireName.jsonrpc: "2.0", WireName.id: id, WireName.error: error.json]))
    }

    public static func event(_ params: JSONObject) -> JSON {
        .object(
            JSONObject([
                WireName.jsonrpc: "2.0", WireName.method: .string(Event.method), WireName.params: .object(params),
            ]))
    }

    /// A response's outcome as the client reads it: its id and the result or error.
    public static func read(_ json: JSON) -> (id: JSON, result: Result<JSON, RPCError>)? {
        guard let object = json.objectValue, object[WireName.jsonrpc] == .string("2.0"), let id = object[WireName.id]
        else { return nil }
        if let result = object[WireName.result] { return (id, .success(result)) }
        if let errorJSON = object[WireName.error], let error = RPCError(json: errorJSON) {
            return (id, .failure(error))
        }
        return nil
    }
}
