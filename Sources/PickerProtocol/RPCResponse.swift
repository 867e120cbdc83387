import PickerJSON

/// Builds the messages the daemon sends: results, errors and event notifications.
public enum RPCResponse {
    public static func result(id: JSON, _ result: JSON) -> JSON {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    public static func error(id: JSON, _ error: RPCError) -> JSON {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    public static func event(_ params: JSONObject) -> JSON {
        ["jsonrpc": "2.0", "method": "event", "params": .object(params)]
    }

    /// A response's outcome as the client reads it: its id and the result or error.
    public static func read(_ json: JSON) -> (id: JSON, result: Result<JSON, RPCError>)? {
        guard let object = json.objectValue, object["jsonrpc"] == .string("2.0"), let id = object["id"] else { return nil }
        if let result = object["result"] { return (id, .success(result)) }
        if let errorJSON = object["error"], let error = RPCError(json: errorJSON) { return (id, .failure(error)) }
        return nil
    }
}
