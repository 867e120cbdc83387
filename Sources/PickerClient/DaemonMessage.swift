import PickerJSON
import PickerProtocol

/// A line pickerd sent, as every client reads it, whether on a reader thread
/// of its own (`ClientConnection`) or on the caller's (`BlockingPickerClient`).
/// Clients number their requests with integers, so an answer with any other
/// id is not one of theirs and is left out, as are lines that are not
/// JSON-RPC.
enum DaemonMessage {
    /// The answer to request `id`: its result, or the daemon's error.
    case answer(id: Int64, Result<JSON, RPCError>)
    case event(Event)
    /// An error without an id: why the daemon is about to close the connection.
    case unaddressedError(RPCError)
    /// A request of the daemon's own (`browse`, sent on to a file window's
    /// owner), to be answered with `id` as given.
    case request(id: JSON, method: String, params: JSONObject)

    init?(_ message: JSON) {
        if let method = message[WireName.method]?.stringValue, let id = message[WireName.id], id != .null {
            self = .request(id: id, method: method, params: message[WireName.params]?.objectValue ?? JSONObject())
            return
        }
        if message[WireName.method] == .string(Event.method), let params = message[WireName.params]?.objectValue {
            guard let event = Event(params: params) else { return nil }
            self = .event(event)
            return
        }
        guard let (id, result) = RPCResponse.read(message) else { return nil }
        if let number = id.integerValue {
            self = .answer(id: number, result)
        } else if case .failure(let error) = result {
            self = .unaddressedError(error)
        } else {
            return nil
        }
    }

    /// The answer to a request of the daemon's own, as its line is written.
    static func answer(id: JSON, _ result: Result<JSON, RPCError>) -> JSON {
        switch result {
        case .success(let value):
            .object(JSONObject([WireName.jsonrpc: "2.0", WireName.id: id, WireName.result: value]))
        case .failure(let error):
            .object(JSONObject([WireName.jsonrpc: "2.0", WireName.id: id, WireName.error: error.json]))
        }
    }

    /// The refusal of a request of the daemon's own that this client does not answer.
    static func unanswered(_ method: String) -> RPCError {
        RPCError(.methodNotFound, "this client answers no \(method.prefix(40))")
    }

    /// Request `id` (a notification when nil) as its line is written.
    static func request(id: Int64?, _ method: String, _ params: JSONObject) -> JSON {
        RPCRequest(id: id.map { .integer($0) }, method: method, params: params).json
    }

    /// The error every call fails with once the connection has ended: in the
    /// daemon's words when it said why before closing.
    static func ended(reason: String, daemonSaid: RPCError?) -> PickerClientError {
        .disconnected(reason: daemonSaid?.message ?? reason)
    }
}

extension Result<JSON, RPCError> {
    /// The result, or the daemon's error as `.rpc`.
    func answer() throws(PickerClientError) -> JSON {
        switch self {
        case .success(let value): return value
        case .failure(let error): throw .rpc(error)
        }
    }
}
