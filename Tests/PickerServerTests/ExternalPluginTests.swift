import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// Presets with an external program that checks values: the shipped example,
/// and programs that crash, hang, write garbage or lie.
@Suite(.tags(.process)) struct ExternalPluginTests {
    /// A daemon whose presets folder holds the example plugin and presets
    /// of kind `probe` run by each script in `scripts` (name → sh body).
    static func daemon(
        scripts: [String: String] = [:], timeoutMilliseconds: Int = 2000, windowsPerConnection: Int = 10000
    ) throws -> (
        DaemonProcess, URL
    ) {
        let home = try TestDirectory()
        let folder = home.url.appendingPathComponent("plugins.d")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("examples"), withIntermediateDirectories: true)
        let example = PresetTests.exampleFolder
        for name in ["ticket.json", "flavor.json", "examples/ticket-check"] {
            try FileManager.default.copyItem(
                at: example.appendingPathComponent(name), to: folder.appendingPathComponent(name))
            // Whatever the checkout's umask made them, others may not write them (pickerd refuses that).
            chmod(folder.appendingPathComponent(name).path, name.hasSuffix(".json") ? 0o644 : 0o755)
        }
        for (name, body) in scripts {
            let script = folder.appendingPathComponent(name)
            try ("#!/bin/sh\n" + body + "\n").write(to: script, atomically: true, encoding: .utf8)
            chmod(script.path, 0o755)
            try #"{"kind": "\#(name)", "base": "text", "exec": ["\#(name)"]}"#
                .write(to: folder.appendingPathComponent("\(name).json"), atomically: true, encoding: .utf8)
        }
        let config =
            #"{"state": {"durability": "memory"}, "plugins": {"timeout_ms": \#(timeoutMilliseconds)}, "limits": {"max_windows_per_connection": \#(windowsPerConnection)}}"#
        return (try DaemonProcess(config: config, logLevel: "info", home: home), folder)
    }

    /// Answers each request with its value unchanged (sed keeps the id).
    static let echo =
        #"while IFS= read -r line; do printf '%s\n' "$line" | sed 's/^{"id":\([0-9]*\),.*,"value":\(.*\)}$/{"id":\1,"value":\2}/'; done"#

    @Test func theExamplePluginNormalizesAndRefuses() throws {
        let (daemon, _) = try Self.daemon()
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try client.result("present", ["kind": "ticket"])["window"]!
        let refused = try client.error("update", ["window": window, "value": "ops-1x"])
        #expect(refused == RPCError(.invalidParams, "a ticket id is a project key and a number, like OPS-12"))
        #expect(try client.result("update", ["window": window, "value": "ops-7"])["window"] == window)
        #expect(try client.result("get", ["window": window])["value"] == "OPS-7")
        let outcome = try client.result("submit", ["window": window, "value": "ops-12"])
        #expect(outcome["value"] == "OPS-12" && outcome["reason"] == "submitted")
        let listed = try Command.run(
            DaemonProcess.executable("pickerctl").path, ["--socket", daemon.socketPath, "plugins"])
        #expect(
            tableRows(listed.output).contains {
                $0.prefix(2) == ["ticket", "preset of text, external check"]
                    && $0.last?.hasPrefix("A ticket id like OPS-12") == true
            },
            "\(listed.output)")
        // pickerctl goes through the same path.
        let second = try client.result("present", ["kind": "ticket"])["window"]!
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let answered = try Command.run(
            pickerctl, ["--socket", daemon.socketPath, "submit", "--window", second.stringValue!, "abc-9"])
        #expect(answered.status == 0)
        #expect(try client.result("history", ["window": second])["outcomes"]?.arrayValue?.first?["value"] == "ABC-9")
    }

    /// A default is the program's to check and normalize, at present: a timeout
    /// must never answer with a value the program refuses or would have changed.
    @Test func aDefaultIsCheckedAndNormalizedByTheProgramAtPresent() throws {
        let (daemon, _) = try Self.daemon()
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let refused = try ProgramRun.run(
            pickerctl, ["--socket", daemon.socketPath, "present", "ticket", "--timeout", "1s", "--default", "abc"])
        #expect(refused.status == 64 && refused.stdout.isEmpty, "\(refused)")
        #expect(
            refused.stderr == "pickerctl: --default: a ticket id is a project key and a number, like OPS-12\n",
            "\(refused.stderr)")
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(
            try client.result("history")["outcomes"]?.arrayValue?.isEmpty == true,
            "no window was ever shown for the refused default")
        let error = try client.error("present", ["kind": "ticket", "default": "abc"])
        #expect(error.code == .invalidParams && error.data?["field"] == "default")
        #expect(error.message == "invalid default: a ticket id is a project key and a number, like OPS-12")

        let normalized = try ProgramRun.run(
            pickerctl, ["--socket", daemon.socketPath, "present", "ticket", "--timeout", "1s", "--default", "ops-9"])
        #expect(normalized.stdout == "OPS-9\n", "\(normalized)")
        let summary = try client.result("present", ["kind": "ticket", "default": "ops-10", "timeout_ms": 1])
        let outcome = try client.result("wait", ["window": summary["window"]!])
        #expect(outcome["reason"] == "timeout" && outcome["value"] == "OPS-10")
    }

    // A check that does not answer in time, one that lies about a default, and
    // checks waiting counting toward a connection's windows, and a secure default
    // kept from the program: InProcessPluginTests, on the manual clock.

    @Test func aPluginThatCrashesIsRestartedAndOnlyItsCallFails() throws {
        let crashOnce = #"""
            mark="$(dirname "$0")/crashed"
            if [ ! -e "$mark" ]; then touch "$mark"; read -r line; exit 3; fi
            """# + "\n" + Self.echo
        let (daemon, _) = try Self.daemon(scripts: ["crasher": crashOnce])
        let client = try TestClient(socketPath: daemon.socketPath)
        let crashing = try client.result("present", ["kind": "crasher"])["window"]!
        let plain = try client.result("present", ["kind": "text"])["window"]!
        let error = try client.error("submit", ["window": crashing, "value": "x"])
        #expect(error == RPCError(.internalError, "the crasher plugin exited; it is restarted on a later call"))
        #expect(
            try client.result("submit", ["window": plain, "value": "fine"])["value"] == "fine",
            "other windows are unaffected")
        #expect(
            try client.result("get", ["window": crashing])["state"] == "visible",
            "the window stays open for another try")
        // The first restart waits 100 ms.
        #expect(
            try PluginOutputTests.afterBackoff(client, "submit", ["window": crashing, "value": "again"]).success?[
                "value"] == "again")
        #expect(daemon.log.contains("the crasher plugin exited"))
    }

    // A plugin that hangs: InProcessPluginTests, on the manual clock.

    @Test func aPluginThatWritesGarbageOrLiesIsRefusedCleanly() throws {
        let (daemon, _) = try Self.daemon(scripts: [
            "babbler": #"while IFS= read -r line; do echo "hello there"; done"#,
            "liar":
                #"while IFS= read -r line; do id=$(printf '%s\n' "$line" | sed 's/^{"id":\([0-9]*\),.*/\1/'); printf '{"id":%s,"value":42}\n' "$id"; done"#,
        ])
        let client = try TestClient(socketPath: daemon.socketPath)
        let babbling = try client.result("present", ["kind": "babbler"])["window"]!
        let garbage = try client.error("submit", ["window": babbling, "value": "x"])
        #expect(garbage.code == .internalError)
        // What it wrote is not quoted: it may hold another window's value.
        #expect(garbage.message == "the babbler plugin wrote something that is not an answer; it is restarted")
        let lying = try client.result("present", ["kind": "liar"])["window"]!
        let lie = try client.error("submit", ["window": lying, "value": "x"])
        #expect(lie.code == .internalError)
        #expect(lie.message == "the liar plugin answered a value its base kind refuses; the plugin is at fault")
        #expect(try client.result("list")["windows"]?.arrayValue?.count == 2, "both windows stay open")
    }

    @Test func aPresetWhoseProgramIsMissingIsReported() throws {
        let (daemon, folder) = try Self.daemon()
        try #"{"kind": "ghost", "base": "text", "exec": ["/nonexistent/checker"]}"#
            .write(to: folder.appendingPathComponent("ghost.json"), atomically: true, encoding: .utf8)
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("reload") == true)
        #expect(daemon.log.contains("ghost.json: exec: /nonexistent/checker is not an executable file"))
        #expect(try client.result("hello")["kinds"]?.arrayValue?.contains("ghost") == false)
    }
}
