import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Peer credentials and config rules, with a client running as uid 65534.
@Suite(.tags(.process)) struct PermissionTests {
    static let nobody: UInt32 = 65534

    /// Runs one request line as uid 65534 through socat; the response line, or
    /// nil with a printed reason when this machine cannot do that.
    static func askAsNobody(_ daemon: DaemonProcess, _ line: String, groups: [UInt32] = []) throws -> JSON? {
        try OtherUser.request(daemon, line, groups: groups)
    }

    @Test func anotherUserIsRefusedByDefault() throws {
        let daemon = try DaemonProcess(config: #"{"socket": {"mode": "0666"}}"#, socketDirectoryMode: 0o755)
        let owner = try TestClient(socketPath: daemon.socketPath)
        let window = try owner.result("present", ["kind": "text"])["window"]!
        guard let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":1,"method":"list"}"#) else { return }
        #expect(listed["error"]?["code"] == -32002)
        #expect(listed["error"]?["data"] == ["needs": "observe"])
        let presented = try Self.askAsNobody(
            daemon, #"{"jsonrpc":"2.0","id":2,"method":"present","params":{"kind":"text"}}"#)
        #expect(presented?["error"]?["data"] == ["needs": "present"])
        let submitted = try Self.askAsNobody(
            daemon,
            #"{"jsonrpc":"2.0","id":3,"method":"submit","params":{"window":"\#(window.stringValue!)","value":"x"}}"#)
        #expect(submitted?["error"]?["data"] == ["needs": "answer"])
        let hello = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":4,"method":"hello"}"#)
        #expect(hello?["result"]?["permissions"] == [])
        #expect(try owner.result("get", ["window": window])["state"] == "visible")
    }

    @Test func aRuleGrantingObserveAllowsListButNotSubmit() throws {
        let config = #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["observe"]}]}}"#
        let daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755)
        let owner = try TestClient(socketPath: daemon.socketPath)
        let window = try owner.result("present", ["kind": "text"])["window"]!
        guard let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":1,"method":"list"}"#) else { return }
        #expect(listed["result"]?["windows"]?.arrayValue?.count == 1)
        let submitted = try Self.askAsNobody(
            daemon,
            #"{"jsonrpc":"2.0","id":2,"method":"submit","params":{"window":"\#(window.stringValue!)","value":"x"}}"#)
        #expect(submitted?["error"]?["code"] == -32002)
        #expect(submitted?["error"]?["data"] == ["needs": "answer"])
        let hello = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":3,"method":"hello"}"#)
        #expect(hello?["result"]?["permissions"] == ["observe"])
    }

    @Test func thePresentingUserMayAlwaysManageItsOwnWindows() throws {
        let config =
            #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"user": "nobody", "allow": ["present"]}]}}"#
        let daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755)
        guard
            let presented = try Self.askAsNobody(
                daemon, #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text"}}"#)
        else { return }
        let window = presented["result"]!["window"]!.stringValue!
        let cancelled = try Self.askAsNobody(
            daemon, #"{"jsonrpc":"2.0","id":2,"method":"cancel","params":{"window":"\#(window)"}}"#)
        #expect(cancelled?["result"]?["reason"] == "cancelled", "owner rule applies after reconnecting")
        let listed = try Self.askAsNobody(daemon, #"{"jsonrpc":"2.0","id":3,"method":"list"}"#)
        #expect(listed?["error"]?["data"] == ["needs": "observe"])
    }

    /// Group rules follow the groups the connecting process really has
    /// (SO_PEERGROUPS), not what /etc/group says of its user.
    @Test func groupRulesFollowThePeersRealGroups() throws {
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
