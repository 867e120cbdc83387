import Foundation
import PickerJSON
import PickerProtocol
import PickerServerTesting
import PickerTestSupport
import Testing

/// External plugins' timeouts on the embedded daemon's manual clock, with
/// stand-in programs (`StandInPluginLauncher`): a program that does not answer
/// fails its call exactly at `plugins.timeout_ms` while the daemon answers
/// others, and calls waiting on a program count toward the connection's
/// windows; secure values are never sent to a program. (Real programs that
/// crash, hang or write garbage: ExternalPluginTests, PluginOutputTests.)
@Suite struct InProcessPluginTests {
    /// An embedded daemon whose presets folder has a preset for each kind of
    /// `behaviours`, its program a stand-in: of base text, or of what
    /// `presets` gives for the kind (members of the preset, as JSON text).
    static func daemon(
        _ behaviours: [String: StandInPluginLauncher.Behaviour], presets: [String: String] = [:],
        timeoutMilliseconds: Int = 2000,
        windowsPerConnection: Int = 10000, log: EmbeddedLog = EmbeddedLog(),
        launcher: StandInPluginLauncher? = nil
    ) throws -> (EmbeddedDaemon, TestDirectory) {
        let folder = try TestDirectory()
        for name in behaviours.keys {
            // The preset names a program that exists, as pickerd checks; the stand-in runs instead.
            let program = folder.url.appendingPathComponent(name)
            try "#!/bin/sh\nexit 1\n".write(to: program, atomically: true, encoding: .utf8)
            chmod(program.path, 0o755)
            let preset = folder.url.appendingPathComponent("\(name).json")
            let members = presets[name] ?? #""base": "text""#
            try #"{"kind": "\#(name)", \#(members), "exec": ["\#(name)"]}"#
                .write(to: preset, atomically: true, encoding: .utf8)
            chmod(preset.path, 0o644)
        }
        let config = #"""
            {"plugins": {"presets_dir": "\#(folder.url.path)", "timeout_ms": \#(timeoutMilliseconds)},
             "limits": {"max_windows_per_connection": \#(windowsPerConnection)}}
            """#
        let daemon = try EmbeddedDaemon(
            config: config, pluginLauncher: launcher ?? StandInPluginLauncher(behaviours), log: log.write)
        return (daemon, folder)
    }

    @Test func aPluginThatHangsTimesOutWhileTheDaemonAnswersOthers() throws {
        let (daemon, folder) = try Self.daemon(["sleeper": .silent], timeoutMilliseconds: 500)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let bystander = try EmbeddedConnection(daemon)
        let window = try client.presentWindow(Present(kind: "sleeper")).window
        // The submit waits on the plugin; the ping sent after it on the same
        // connection, and another connection's ping, are answered first.
        client.send(
            line: #"{"jsonrpc":"2.0","id":"submit","method":"submit","params":{"window":"\#(window)","value":"x"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":"ping","method":"ping"}"#)
        #expect(try bystander.call(Ping()) == "pong")
        let first = try #require(try client.readMessage())
        #expect(first["id"] == "ping" && first["result"] == "pong")
        daemon.advance(milliseconds: 499)
        #expect(try client.readMessage() == nil, "the plugin has plugins.timeout_ms to answer")
        daemon.advance(milliseconds: 1)
        let answer = try #require(try client.readMessage())
        #expect(answer["id"] == "submit")
        let error = try #require(RPCResponse.read(answer)?.1.failure)
        #expect(error.code == .internalError)
        #expect(
            error.message == "the sleeper plugin did not answer within 500 ms (plugins.timeout_ms); it is restarted")
    }

    /// The program runs while the daemon answers others; a program that
    /// fails or lies about a default leaves no window, and neither does an
    /// asker that leaves before the program answered.
    @Test func aDefaultsCheckKeepsTheDaemonAnsweringAndFailsWithoutAWindow() throws {
        let log = EmbeddedLog()
        let (daemon, folder) = try Self.daemon(
            ["sleeper": .silent, "dawdler": .silent, "liar": .answers(42)], timeoutMilliseconds: 1000, log: log)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let bystander = try EmbeddedConnection(daemon)
        client.send(
            line: #"{"jsonrpc":"2.0","id":"present","method":"present","params":{"kind":"sleeper","default":"x"}}"#)
        client.send(line: #"{"jsonrpc":"2.0","id":"ping","method":"ping"}"#)
        #expect(try bystander.call(Ping()) == "pong")
        let first = try #require(try client.readMessage())
        #expect(
            first["id"] == "ping" && first["result"] == "pong", "the present waits on the program, not the connection")
        daemon.advance(milliseconds: 1000)
        let answer = try #require(try client.readMessage())
        let error = try #require(RPCResponse.read(answer)?.1.failure)
        #expect(answer["id"] == "present" && error.code == .internalError)
        #expect(
            error.message == "the sleeper plugin did not answer within 1000 ms (plugins.timeout_ms); it is restarted")

        let lie = try #require(try client.request("present", ["kind": "liar", "default": "x"]).failure)
        let liar = "the liar plugin answered a default its base kind refuses; the plugin is at fault"
        #expect(lie == RPCError(.internalError, liar))

        let leaving = try EmbeddedConnection(daemon)
        leaving.send(line: #"{"jsonrpc":"2.0","id":1,"method":"present","params":{"kind":"dawdler","default":"y"}}"#)
        leaving.disconnect()
        daemon.advance(milliseconds: 999)
        #expect(!log.contains("the dawdler plugin did not answer"))
        daemon.advance(milliseconds: 1)
        #expect(log.contains("the dawdler plugin did not answer"), "its check ends at its timeout")
        #expect(try client.call(List()).windows.isEmpty, "no window for a default never accepted")
    }

    /// Presents waiting on the program count toward the connection's windows:
    /// pipelining them cannot pass `max_windows_per_connection`.
    @Test func presentsWhoseDefaultIsBeingCheckedCountTowardTheConnectionsWindows() throws {
        let (daemon, folder) = try Self.daemon(
            ["sleeper": .silent], timeoutMilliseconds: 60000, windowsPerConnection: 2)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        for id in 1...2 {
            client.send(
                line: #"{"jsonrpc":"2.0","id":\#(id),"method":"present","params":{"kind":"sleeper","default":"x"}}"#)
        }
        let third = try #require(try client.request("present", ["kind": "sleeper", "default": "x"]).failure)
        #expect(third.code == .limitReached && third.data?["limit"] == "max_windows_per_connection", "\(third)")
        #expect(try client.call(List()).windows.isEmpty)
    }

    /// A secure default stays in pickerd, as a secure value does: the base kind checks it alone.
    @Test func aSecureDefaultIsNotSentToTheProgram() throws {
        let log = EmbeddedLog()
        let launcher = StandInPluginLauncher(["recorder": .echoes])
        let (daemon, folder) = try Self.daemon(
            ["recorder": .echoes], timeoutMilliseconds: 2000, log: log, launcher: launcher)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let plain = try client.presentWindow(
            Present(kind: "recorder", timeoutMilliseconds: 1, defaultValue: "plain-default"))
        daemon.advance(milliseconds: 1)
        #expect(try client.request(Wait(window: plain.window)).get()["value"] == "plain-default")
        let secure = try client.presentWindow(
            Present(kind: "recorder", options: ["secure": true], timeoutMilliseconds: 1, defaultValue: "hunter2-secret")
        )
        daemon.advance(milliseconds: 1)
        #expect(
            try client.request(Wait(window: secure.window)).get()["value"] == "hunter2-secret", "its owner gets it")
        let seen = launcher.received.joined(separator: "\n")
        #expect(seen.contains(#""window":null"#) && seen.contains("plain-default"), "\(seen)")
        #expect(!seen.contains("hunter2-secret"), "\(seen)")
        #expect(!log.contains("hunter2-secret"))
    }

    @Test func valuesOfSecureWindowsAreNotSentToThePlugin() throws {
        let log = EmbeddedLog()
        let launcher = StandInPluginLauncher(["recorded": .echoes])
        let (daemon, folder) = try Self.daemon(["recorded": .echoes], log: log, launcher: launcher)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let plain = try client.result("present", ["kind": "recorded"])["window"]!
        let secure = try client.result("present", ["kind": "recorded", "options": ["secure": true]])["window"]!
        #expect(try client.result("submit", ["window": plain, "value": "plain-value"])["value"] == "plain-value")
        #expect(try client.result("submit", ["window": secure, "value": "s3cret-pin"])["reason"] == "submitted")
        let recorded = launcher.received.joined(separator: "\n")
        #expect(recorded.contains("plain-value"), "the plugin checks other windows")
        #expect(!recorded.contains("s3cret"), "\(recorded)")
        #expect(log.contains("values of secure windows are not sent to the recorded plugin"))
    }

    /// A form with a secure field is as secret as secure text: such a value
    /// stays in pickerd, while the form's other values go to its plugin.
    @Test func aFormsSecureFieldIsNotSentToThePlugin() throws {
        let launcher = StandInPluginLauncher(["login": .echoes])
        let form = #"""
            "base": "form", "options": {"fields": [{"name": "user", "kind": "text"},
             {"name": "pin", "kind": "text", "required": false, "options": {"secure": true}}]}
            """#
        let (daemon, folder) = try Self.daemon(["login": .echoes], presets: ["login": form], launcher: launcher)
        defer { withExtendedLifetime(folder) {} }
        let client = try EmbeddedConnection(daemon)
        let window = try client.result("present", ["kind": "login"])["window"]!
        _ = try client.result("update", ["window": window, "value": ["user": "ada"]])
        let outcome = try client.result("submit", ["window": window, "value": ["user": "ada", "pin": "s3cret-pin"]])
        #expect(outcome["value"] == ["user": "ada", "pin": "s3cret-pin"])
        let recorded = launcher.received.joined(separator: "\n")
        #expect(recorded.contains("ada"), "the plugin checks values without a secret")
        #expect(!recorded.contains("s3cret"), "\(recorded)")
    }
}
