import Foundation
import PickerJSON
import PickerServerTesting
import PickerTestSupport
import Testing

/// Levels above statusBar need the `alert` permission (PROTOCOL.md,
/// "Permissions"): another user with only `present` cannot draw a window over
/// the password agent's, nor through quiet hours. The other user is uid 65534:
/// a connection of the embedded daemon, or, where the kernel's word on the
/// peer or a restart matters, a process against the real daemon.
@Suite struct AlertPermissionTests {
    static func present(level: String) -> String {
        #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"text","title":"Password for root","level":"\#(level)"}}"#
    }

    /// An embedded daemon with permission `rules` (a JSON array).
    static func daemon(rules: String) throws -> EmbeddedDaemon {
        try EmbeddedDaemon(config: #"{"permissions": {"rules": \#(rules)}}"#)
    }

    /// Sends one request line on `connection`; its answer.
    static func request(_ connection: EmbeddedConnection, _ line: String) throws -> JSON {
        connection.send(line: line)
        return try #require(try connection.readMessage(), "no answer to \(line)")
    }

    @Test func aPresentAboveStatusBarWithoutAlertIsClampedAndSaysWhatItAsked() throws {
        let daemon = try Self.daemon(rules: #"[{"uid": 65534, "allow": ["present"]}]"#)
        let other = try EmbeddedConnection(daemon, uid: OtherUser.nobody)
        let answer = try Self.request(other, Self.present(level: "alert"))
        let summary = try #require(answer["result"], "\(answer)")
        #expect(summary["level"] == 1000 && summary["level_name"] == "statusBar")
        #expect(summary["clamped_from"] == 2000)
        // Higher than alert, as an integer, is clamped the same.
        let high = try Self.request(other, Self.present(level: "100000"))
        #expect(high["result"]?["level"] == 1000 && high["result"]?["clamped_from"] == 100_000)
        // Up to statusBar needs nothing more, and says nothing.
        let bar = try Self.request(other, Self.present(level: "statusBar"))
        #expect(bar["result"]?["level"] == 1000 && bar["result"]?["clamped_from"] == nil)
        // The daemon's own user keeps its level.
        let owner = try EmbeddedConnection(daemon)
        let own = try owner.request("present", ["kind": "text", "level": "alert"]).get()
        #expect(own["level"] == 2000 && own["clamped_from"] == nil)
        let listed = try owner.request("list").get()["windows"]?.arrayValue ?? []
        #expect(listed.filter { $0["level"] == 2000 }.count == 1, "only the owner's window stands at alert")
    }

    @Test func setLevelAboveStatusBarWithoutAlertIsRefused() throws {
        let daemon = try Self.daemon(rules: #"[{"uid": 65534, "allow": ["present"]}]"#)
        let other = try EmbeddedConnection(daemon, uid: OtherUser.nobody)
        let answer = try Self.request(other, Self.present(level: "normal"))
        let window = try #require(answer["result"]?["window"]?.stringValue)
        let raised = try Self.request(
            other, #"{"jsonrpc":"2.0","id":2,"method":"set_level","params":{"window":"\#(window)","level":"alert"}}"#)
        #expect(raised["error"]?["code"] == -32002 && raised["error"]?["data"] == ["needs": "alert"])
        let bar = try Self.request(
            other,
            #"{"jsonrpc":"2.0","id":3,"method":"set_level","params":{"window":"\#(window)","level":"statusBar"}}"#)
        #expect(bar["result"]?["level"] == 1000, "its own window, up to statusBar")
    }

    @Test func aRuleGrantingAlertKeepsTheLevel() throws {
        let daemon = try Self.daemon(rules: #"[{"uid": 65534, "allow": ["present", "alert"]}]"#)
        let other = try EmbeddedConnection(daemon, uid: OtherUser.nobody)
        let answer = try Self.request(other, Self.present(level: "alert"))
        #expect(answer["result"]?["level"] == 2000 && answer["result"]?["clamped_from"] == nil)
        let hello = try Self.request(other, #"{"jsonrpc":"2.0","id":2,"method":"hello"}"#)
        #expect(hello["result"]?["permissions"] == ["present", "alert"])
    }

    /// The owner of a window says who asks: the uid and pid the kernel gave,
    /// the user's name and the process's name, in the summary and in `get`.
    @Test(.tags(.process)) func theOwnerSaysWhoAsks() throws {
        let daemon = try OtherUser.reachableDaemon(rules: #"[{"uid": 65534, "allow": ["present"]}]"#)
        guard let answer = try OtherUser.request(daemon, Self.present(level: "normal")) else { return }
        let owner = try #require(answer["result"]?["owner"], "\(answer)")
        #expect(owner["uid"] == 65534 && owner["user"] == "nobody" && owner["command"] == "socat")
        #expect(owner["pid"]?.integerValue ?? 0 > 0)
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try #require(answer["result"]?["window"])
        #expect(try client.result("get", ["window": window])["owner"] == owner)
        #expect(try client.result("list", [:])["windows"]?.arrayValue?.first?["owner"] == owner)
    }

    /// Who asks and what a clamped present asked for are in the state store:
    /// a window restored after a restart still says both.
    @Test(.tags(.process)) func whoAsksAndTheClampSurviveARestart() throws {
        let config = #"{"socket": {"mode": "0666"}, "permissions": {"rules": [{"uid": 65534, "allow": ["present"]}]}}"#
        let home = try TestDirectory()
        var daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755, home: home)
        guard let answer = try OtherUser.request(daemon, Self.present(level: "alert")) else { return }
        let before = try #require(answer["result"])
        #expect(before["clamped_from"] == 2000 && before["owner"]?["user"] == "nobody")
        daemon.kill9()
        daemon = try DaemonProcess(config: config, socketDirectoryMode: 0o755, home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        let after = try client.result("get", ["window": try #require(before["window"])])
        #expect(after["owner"] == before["owner"] && after["clamped_from"] == 2000 && after["level"] == 1000)
    }

    /// A process names itself (its executable's name, or prctl): a name with
    /// an escape sequence or a bidi control reaches no front-end as such.
    @Test(.tags(.process)) func aProcessNameCannotCarryControlCharacters() throws {
        guard let socat = ["/usr/bin/socat", "/bin/socat"].first(where: FileManager.default.fileExists) else {
            print("skipped: socat is needed")
            return
        }
        let daemon = try DaemonProcess()
        let folder = try TestDirectory()
        let named = folder.url.appendingPathComponent("a\u{1B}[2J\u{202E}b").path
        try FileManager.default.createSymbolicLink(atPath: named, withDestinationPath: socat)
        let result = try Command.run(
            named, ["-t2", "-", "UNIX-CONNECT:\(daemon.socketPath)"], input: Self.present(level: "normal") + "\n")
        let answer = try JSON.parse(String(try #require(result.output.split(separator: "\n").first)))
        #expect(answer["result"]?["owner"]?["command"] == "a?[2J?b")
    }
}
