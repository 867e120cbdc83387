import PickerJSON

/// Who did something: the process on the other end of a connection.
public struct Peer: Sendable, Hashable {
    public var uid: UInt32
    public var pid: Int32

    public init(uid: UInt32, pid: Int32) {
        self.uid = uid
        self.pid = pid
    }

    /// `{uid, pid}`.
    public var json: JSON {
        .object(JSONObject([WireName.uid: .integer(Int64(uid)), WireName.pid: .integer(Int64(pid))]))
    }

    public init?(json: JSON) {
        guard let uid = json[WireName.uid]?.integerValue.flatMap(UInt32.init(exactly:)),
            let pid = json[WireName.pid]?.integerValue.flatMap(Int32.init(exactly:))
        else { return nil }
        self.init(uid: uid, pid: pid)
    }
}
