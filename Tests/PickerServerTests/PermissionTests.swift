import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// Peer credentials and config rules, with a client of uid 65534: a
/// connection of the embedded daemon with that uid, or (for the groups the
/// kernel reports of a real peer) a process run as uid 65534.
@Suite struct PermissionTests {
    static let nobody: UInt32 = 65534

    /// Runs one request line on a new connection of uid 65534; the response.
    static func askAsNobody(_ daemon: EmbeddedDaemon, _ line: String) throws -> JSON {
        let connection = try EmbeddedConnection(daemon, uid: nobody)
        connection.send(line: line)
        return try #require(try connection.readMessage(), "no answer to \(line)")
    }

    /// Runs one request line as uid 65534 through socat; the response line, or
    /// nil with a printed reason when this machine cannot do that.
    static func askAsNobody(_ daemon: DaemonProcess, _ line: String, groups: [UInt32] = []) throws -> JSON? {
        try OtherUser.request(daemon, line, groups: groups)
    }

    @Test func anotherUserIsRefusedByDefault() throws {
        let daemon = try EmbeddedDaemon()
        let owner = try EmbeddedConnection(daemon)
        let window = JSON.string(try owner.presentWindow(Present(kind: "text")).window.rawValue)
        let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":1,"method":"list"}"#)
        #expect(listed["error"]?["code"] == -32002)
        #expect(listed["error"]?["data"] == ["needs": "observe"])
        let presented = try Self.askAsNobody(
            daemon, #"{"jsonrpc":"2.0","id":2,"method":"present","params":{"kind":"text"}}"#)
        #expect(presented["error"]?["data"] == ["needs": "present"])
        let submitted = try Self.askAsNobody(
            daemon,
            #"{"jsonrpc":"2.0","id":3,"method":"submit","params":{"window":"\#(window.stringValue!)","value":"x"}}"#)
        #expect(submitted["error"]?["data"] == ["needs": "answer"])
        let hello = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":4,"method":"hello"}"#)
        #expect(hello["result"]?["permissions"] == [])
        #expect(try owner.request("get", ["window": window]).get()["state"] == "visible")
    }

    @Test func aRuleGrantingObserveAllowsListButNotSubmit() throws {
        let daemon = try EmbeddedDaemon(config: #"{"permissions": {"rules": [{"uid": 65534, "allow": ["observe"]}]}}"#)
        let owner = try EmbeddedConnection(daemon)
        let window = JSON.string(try owner.presentWindow(Present(kind: "text")).window.rawValue)
        let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":1,"method":"list"}"#)
        #expect(listed["result"]?["windows"]?.arrayValue?.count == 1)
        let submitted = try Self.askAsNobody(
            daemon,
            #"{"jsonrpc":"2.0","id":2,"method":"submit","params":{"window":"\#(window.stringValue!)","value":"x"}}"#)
        #expect(submitted["error"]?["code"] == -32002)
        #expect(submitted["error"]?["data"] == ["needs": "answer"])
        let hello = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":3,"method":"hello"}"#)
        #expect(hello["result"]?["permissions"] == ["observe"])
    }

    @Test func thePresentingUserMayAlwaysManageItsOwnWindows() throws {
        let daemon = try EmbeddedDaemon(
            config: #"{"permissions": {"rules": [{"user": "nobody", "allow": ["present"]}]}}"#)
        let presented = try Self.askAsNobody(
            daemon, #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text"}}"#)
        let window = try #require(presented["result"]?["window"]?.stringValue, "\(presented)")
        let cancelled = try Self.askAsNobody(
            daemon, #"{"jsonrpc":"2.0","id":2,"method":"cancel","params":{"window":"\#(window)"}}"#)
        #expect(cancelled["result"]?["reason"] == "cancelled", "owner rule applies after reconnecting")
        let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":3,"method":"list"}"#)
        #expect(listed["error"]?["data"] == ["needs": "observe"])
    }

    /// Group rules follow the groups the connecting process really has
    /// (SO_PEERGROUPS), not what /etc/group says of its user.
    @Test(.tags(.process)) func groupRulesFollowThePeersRealGroups() throws {
        let config = #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"gid": 4242, "allow": ["observe"]}]}}"#
        let daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755)
        let list = #"{"jsonrpc":"2.0","id":1,"method":"list"}"#
        guard let inGroup = try Self.askAsNobody(daemon, list, groups: [4242]) else { return }
        #expect(inGroup["result"]?["windows"] == [], "a process with group 4242 may observe")
        let without = try Self.askAsNobody(daemon, list)
        #expect(without?["error"]?["data"] == ["needs": "observe"], "one without it may not")
        #expect(!daemon.log.contains("could not read the peer credentials"))
    }
}
