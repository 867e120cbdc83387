import PickerJSON

/// `hello`: who the daemon is, the protocol it speaks, its levels, kinds and
/// limits, and what this connection may do.
public struct Hello: PickerMethod {
    public typealias Result = HelloReply
    public static let name = "hello"
    public static let parameters: [WireName] = [.client, .`protocol`]
    public static let permission: Permission? = nil

    /// The client's name, for the daemon's log.
    public var client: String?
    /// The protocol the client speaks; the daemon refuses one it does not.
    public var protocolVersion: Int64?

    public init(client: String? = nil, protocolVersion: Int64? = nil) {
        self.client = client
        self.protocolVersion = protocolVersion
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        protocolVersion = try reader.integer(WireName.`protocol`, in: Int64.min...Int64.max)
        client = try reader.string(WireName.client)
    }

    public var params: JSONObject {
        var params = JSONObject()
        if let client { params[WireName.client] = .string(client) }
        if let protocolVersion { params[WireName.`protocol`] = .integer(protocolVersion) }
        return params
    }

    public static func encode(_ result: HelloReply) -> JSON { result.json }
    public static func decode(_ json: JSON) -> HelloReply? { HelloReply(json: json) }
}
