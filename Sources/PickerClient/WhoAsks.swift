import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The line every front-end shows under a window's title (README, "Who
/// asks"): the asking user's name, its uid when it is not the person's own,
/// and the command when the daemon knew it. A window of another user says so
/// first, so it cannot pass for one of the person's own.
public struct WhoAsks: Sendable, Equatable {
    public let owner: Peer
    /// The uid of whoever looks: the front-end's own.
    public let personUID: UInt32

    /// nil when the summary has no owner (a daemon older than this field).
    public init?(_ owner: Peer?, personUID: UInt32 = getuid()) {
        guard let owner else { return nil }
        self.owner = owner
        self.personUID = personUID
    }

    public var isAnotherUser: Bool { owner.uid != personUID }

    /// The asking user's name, or its uid when the daemon knew no name.
    public var userName: String { owner.user ?? "uid \(owner.uid)" }

    /// `another user: nobody` for another user's window (short, for a list of
    /// windows); nil for the person's own.
    public var anotherUserMark: String? { isAnotherUser ? "another user: \(userName)" : nil }

    /// `asked by ada via pickerctl`, or `another user asks: nobody (uid 65534) via python3`.
    public var line: String { line(onHost: nil) }

    /// `line`, saying which machine asks when several are followed:
    /// `asked by ada via deploy.sh on build-7` (`host`: the host's label; a
    /// title's `build-7: ` is the asker's own text, not the machine's word).
    public func line(onHost host: String?) -> String {
        let who =
            isAnotherUser
            ? "another user asks: \(userName)\(owner.user == nil ? "" : " (uid \(owner.uid))")" : "asked by \(userName)"
        return who + (owner.command.map { " via \($0)" } ?? "") + (host.map { " on \($0)" } ?? "")
    }
}
