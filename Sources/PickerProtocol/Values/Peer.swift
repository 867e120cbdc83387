import PickerJSON

/// Who did something: the process on the other end of a connection. As a
/// window's `owner` it also says who asks (`{uid, pid, user?, command?}`):
/// the user's name and the process's name as the daemon read them when the
/// window was presented, which every front-end shows.
public struct Peer: Sendable, Hashable {
    public var uid: UInt32
    public var pid: Int32
    /// The user name of `uid`, when the user database has one.
    public var user: String?
    /// The asking process's name (`/proc/PID/comm`, never its command line,
    /// which may hold a password), as it named itself: shortened, with
    /// control and format characters as `?` (`ProcessNames.command`).
    public var command: String?
    /// As an outcome's `by`: the front-end the answer came through, as the
    /// connection named itself in `hello`'s `client` ("pickerctl ui",
    /// "pickerweb", "pickerctl notify", "pickerctl submit"), shortened and
    /// with control characters as `?`; absent when it did not say.
    public var client: String?
    /// As an outcome's `by`: the remote host the answer came from, as the
    /// relay on this machine named it in `hello`'s `remote` (`pickerctl
    /// dial-stdio` under ssh: the ssh client's address), shortened and with
    /// control characters as `?`; absent for a local front-end.
    public var remote: String?

    public init(
        uid: UInt32, pid: Int32, user: String? = nil, command: String? = nil, client: String? = nil,
        remote: String? = nil
    ) {
        self.uid = uid
        self.pid = pid
        self.user = user
        self.command = command
        self.client = client
        self.remote = remote
    }

    /// `{uid, pid, user?, command?, client?, remote?}`.
    public var json: JSON { .object(JSONObject(shape: self)) }

    public init?(json: JSON) {
        guard let uid = json[WireName.uid]?.integerValue.flatMap(UInt32.init(exactly:)),
            let pid = json[WireName.pid]?.integerValue.flatMap(Int32.init(exactly:))
        else { return nil }
        self.init(
            uid: uid, pid: pid, user: json[WireName.user]?.stringValue, command: json[WireName.command]?.stringValue,
            client: json[WireName.client]?.stringValue, remote: json[WireName.remote]?.stringValue)
    }
}

extension Peer: JSONObjectShape {
    /// The peer's one wire shape, for `json` and for answers written straight into bytes.
    public func writeMembers(to writer: inout some JSONMemberWriter) {
        writer.write(WireName.uid, .integer(Int64(uid)))
        writer.write(WireName.pid, .integer(Int64(pid)))
        if let user { writer.write(WireName.user, .string(user)) }
        if let command { writer.write(WireName.command, .string(command)) }
        if let client { writer.write(WireName.client, .string(client)) }
        if let remote { writer.write(WireName.remote, .string(remote)) }
    }
}
