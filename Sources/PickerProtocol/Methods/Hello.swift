import PickerJSON

/// `hello`: who the daemon is, the protocol it speaks, its levels, kinds and
/// limits, and what this connection may do.
public struct Hello: PickerMethod {
    public typealias Result = HelloReply
    public static let signature = MethodSignature("hello", takes: [.client, .`protocol`, .remote], needs: nil)

    /// The client's name, for the daemon's log.
    public var client: String?
    /// The protocol the client speaks; the daemon refuses one it does not.
    public var protocolVersion: Int64?
    /// The remote host the connection relays for, as the relay on the
    /// daemon's machine says (`pickerctl dial-stdio` under ssh: the ssh
    /// client's address); an outcome's `by.remote`.
    public var remote: String?

    public init(client: String? = nil, protocolVersion: Int64? = nil, remote: String? = nil) {
        self.client = client
        self.protocolVersion = protocolVersion
        self.remote = remote
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        protocolVersion = try reader.integer(WireName.`protocol`, in: Int64.min...Int64.max)
        client = try reader.string(WireName.client)
        remote = try reader.string(WireName.remote)
    }

    public var params: JSONObject {
        var params = JSONObject()
        if let client { params[WireName.client] = .string(client) }
        if let protocolVersion { params[WireName.`protocol`] = .integer(protocolVersion) }
        if let remote { params[WireName.remote] = .string(remote) }
        return params
    }

    public static func encode(_ result: HelloReply) -> JSON { result.json }
    public static func decode(_ json: JSON) -> HelloReply? { HelloReply(json: json) }
}
