import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl progress`, the built pickerctl in real shell pipelines against
/// a real daemon: input read as zenity reads it, EOF submits (exit 0), the
/// person's cancel ends it at once (exit 1) and stops the writer, and no
/// connection but the asker's moves it.
@Suite(.tags(.process)) struct ProgressCommandTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try OtherUser.reachableDaemon(rules: #"[{"uid": 65534, "allow": ["answer", "observe"]}]"#)
    }

    var pickerctl: String { DaemonProcess.executable("pickerctl").path }

    /// A bash pipeline with SIGPIPE at its default (the test runner ignores
    /// it, and children inherit that): `${PIPESTATUS[*]}` ends its stdout.
    func pipeline(_ script: String) throws -> CommandLineProcess {
        try CommandLineProcess(
            program: "/usr/bin/env",
            ["--default-signal=PIPE", "bash", "-c", script + "; echo \"status ${PIPESTATUS[*]}\""],
            environment: ["PICKERD_SOCKET": daemon.socketPath, "PICKERCTL": pickerctl])
    }

    func client() throws -> TestClient { try TestClient(socketPath: daemon.socketPath) }

    /// The key window's `get`.
    func keyDetails() throws -> JSON {
        let client = try client()
        return try client.result("get", ["window": try #require(try client.result("list")["key"])])
    }

    @Test func seqToOneHundredWithAutoCloseExits0() throws {
        let run = try pipeline(#"seq 0 10 100 | "$PICKERCTL" progress --auto-close --title Copying"#).finish()
        #expect(run.stdout == "status 0 0\n" && run.stderr.isEmpty, "\(run)")
        let last = try client().result("history", ["limit": 1])["outcomes"]?.arrayValue?.first
        #expect(last?["kind"] == "progress" && last?["reason"] == "submitted" && last?["value"] == ["percent": 100])
    }

    /// Numbers, #text, a malformed line (one warning), and EOF: submitted
    /// with the last value, exit 0.
    @Test func endOfInputSubmitsTheLastValue() throws {
        let run = try pipeline(
            #"printf '5\n# copying a\nnot a number\n  42.5  \n#copying b\n' | "$PICKERCTL" progress --json --percentage 3"#
        ).finish()
        #expect(run.stdout.hasSuffix("status 0 0\n"), "\(run)")
        let outcome = try JSON.parse(String(run.stdout.split(separator: "\n")[0]))
        #expect(outcome["reason"] == "submitted" && outcome["value"] == ["percent": 42.5, "text": "copying b"])
        #expect(
            run.stderr == "pickerctl: ignoring a line of standard input that is neither a number nor #text\n",
            "one warning for the one malformed line")
    }

    /// The person cancels midway: pickerctl exits 1 at once and the writer,
    /// `yes` writing as fast as it can, is stopped by SIGPIPE.
    @Test func aCancelMidwayExits1AndStopsTheWriter() throws {
        let running = try pipeline(#"yes 50 | "$PICKERCTL" progress --title Flood"#)
        try daemon.waitForWindows(1)
        try eventually("the bar at 50") { try keyDetails()["value"]?["percent"] == 50 }
        #expect(try client().result("cancel")["reason"] == "cancelled")
        let run = running.finish()
        #expect(run.stdout == "status 141 1\n", "yes got SIGPIPE, pickerctl exited 1: \(run)")
    }

    /// --pulsate, --no-cancel: the options; a pulsating bar has no percent.
    @Test func pulsateAndNoCancelAreItsOptions() throws {
        let running = try pipeline(
            #"while :; do echo '#waiting'; sleep 0.1; done | "$PICKERCTL" progress --pulsate --no-cancel"#)
        try daemon.waitForWindows(1)
        try eventually("the text") { try keyDetails()["value"]?["text"] == "waiting" }
        let window = try keyDetails()
        #expect(window["options"] == ["pulsate": true, "auto_close": false, "cancellable": false])
        #expect(window["value"] == ["percent": .null, "text": "waiting"])
        _ = try client().result("dismiss", ["all": true])
        #expect(running.finish().stdout == "status 141 1\n")
    }

    /// Another user with `answer` may cancel it but not move it; nor may
    /// `pickerctl submit` of the asker's own user (another connection).
    @Test func noOtherConnectionMovesIt() throws {
        let running = try pipeline(#"while :; do echo 30; sleep 0.1; done | "$PICKERCTL" progress"#)
        try daemon.waitForWindows(1)
        try eventually("the bar at 30") { try keyDetails()["value"]?["percent"] == 30 }
        let window = try #require(try keyDetails()["window"]?.stringValue)
        let submit = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "submit", "100"])
        #expect(submit.status == 77 && submit.stderr.contains("moved by its asker"), "\(submit)")
        if let answer = try OtherUser.request(
            daemon,
            #"{"jsonrpc":"2.0","id":1,"method":"update","params":{"window":"\#(window)","value":{"percent":99}}}"#)
        {
            #expect(answer["error"]?["code"] == -32002 && answer["error"]?["data"]?["needs"] == "owner")
        }
        #expect(try keyDetails()["value"] == ["percent": 30])
        if let answer = try OtherUser.request(
            daemon, #"{"jsonrpc":"2.0","id":1,"method":"cancel","params":{"window":"\#(window)"}}"#)
        {
            #expect(answer["result"]?["reason"] == "cancelled")
            #expect(answer["result"]?["value"] == ["percent": 30], "the outcome keeps the last value")
            #expect(running.finish().stdout == "status 141 1\n")
        }
    }

    /// A preset of progress (fixed auto_close, not cancellable) is moved by
    /// the connection that presented it alone, and ends at 100.
    @Test func aPresetOfProgressWorks() throws {
        let presets = try DaemonProcess.withPresets([
            "upload":
                #"{"kind": "upload", "base": "progress", "title": "Uploading", "options": {"auto_close": true, "cancellable": false}}"#
        ])
        let asker = try TestClient(socketPath: presets.socketPath)
        let window = try #require(try asker.result("present", ["kind": "upload"])["window"])
        let details = try asker.result("get", ["window": window])
        #expect(details["base"] == "progress" && details["title"] == "Uploading" && details["value"] == ["percent": 0])
        #expect(details["options"] == ["pulsate": false, "auto_close": true, "cancellable": false])
        _ = try asker.result("update", ["window": window, "value": ["percent": 50, "text": "half"]])
        let other = try TestClient(socketPath: presets.socketPath)
        let refusal = try other.error("update", ["window": window, "value": ["percent": 60]])
        #expect(refusal.code == .permissionDenied && refusal.data?["needs"] == "owner")
        #expect(try asker.result("update", ["window": window, "value": 100])["state"] == "dismissed")
        let outcome = try other.result("wait", ["window": window])
        #expect(outcome["reason"] == "submitted" && outcome["value"] == ["percent": 100])
    }

    /// After a restart of pickerd the bar moves on, and the end of input
    /// submits, over the connection that took the window back with `wait`.
    @Test func theBarMovesOnAfterARestartOfPickerd() throws {
        let (daemon, asking) = try ProgressFieldCommandTests.restartingPickerd(
            whileMoving: ["progress", "--inline", "never"]) { $0 }
        try asking.write(input: "70\n", close: false)
        try eventually("the bar at 70 after the restart", timeout: 60) {
            try ProgressFieldCommandTests.keyValue(daemon) == ["percent": 70]
        }
        try asking.write(input: "#done\n")
        let run = asking.finish()
        #expect(run.status == 0, "\(run)")
        let history = try TestClient(socketPath: daemon.socketPath).result("history")
        #expect(history["outcomes"]?.arrayValue?.first?["value"] == ["percent": 70, "text": "done"], "\(history)")
    }
}

/// `pickerctl form` with a progress field, in a real pipeline: its standard
/// input moves the field as `pickerctl progress` reads it, the person's
/// fields stay as they are, another connection cannot move it, and the
/// printed form holds the bar's last value.
@Suite(.tags(.process)) struct ProgressFieldCommandTests {
    @Test func standardInputMovesTheFormsProgressField() throws {
        let daemon = try DaemonProcess()
        let asking = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", daemon.socketPath, "form", "--inline", "never", "--field", "notes:text", "--field",
                "up:progress",
            ],
            input: true)
        try asking.write(input: "40\n#two of five\nnot a number\n", close: false)
        let client = try TestClient(socketPath: daemon.socketPath)
        let value = { () throws -> JSON? in
            guard let key = try client.result("list")["key"], key != .null else { return nil }
            return try client.result("get", ["window": key])["value"]
        }
        try eventually("the field at 40") { try value()?["up"] == ["percent": 40, "text": "two of five"] }
        _ = try client.result("update", ["value": ["notes": "Fixes", "up": ["percent": 99]]])
        try asking.write(input: "60\n")
        try eventually("the field at 60") {
            try value() == ["notes": "Fixes", "up": ["percent": 60, "text": "two of five"]]
        }
        _ = try client.result("submit", ["value": ["notes": "Fixes bugs", "up": ["percent": 100]]])
        let run = asking.finish()
        #expect(run.status == 0, "\(run)")
        #expect(
            try JSON.parse(String(run.stdout.split(separator: "\n").first ?? "")) == [
                "notes": "Fixes bugs", "up": ["percent": 60, "text": "two of five"],
            ])
        let warning = "pickerctl: ignoring a line of standard input that is neither a number nor #text\n"
        #expect(run.stderr.components(separatedBy: warning).count == 2, "one warning: \(run.stderr)")
    }

    /// After a restart of pickerd (--reconnect, the default), the bar moves
    /// on: the connection that took the form back with `wait` sends it.
    @Test func theFieldMovesOnAfterARestartOfPickerd() throws {
        let (daemon, asking) = try Self.restartingPickerd(
            whileMoving: ["form", "--inline", "never", "--field", "notes:text", "--field", "up:progress"]
        ) { $0?["up"] }
        try asking.write(input: "70\n#after the restart\n", close: false)
        try eventually("the field at 70 after the restart", timeout: 60) {
            try Self.keyValue(daemon)?["up"] == ["percent": 70, "text": "after the restart"]
        }
        _ = try TestClient(socketPath: daemon.socketPath).result("submit", ["value": ["notes": "done"]])
        let run = asking.finish()
        #expect(run.status == 0, "\(run)")
        #expect(
            try JSON.parse(String(run.stdout.split(separator: "\n").first ?? "")) == [
                "notes": "done", "up": ["percent": 70, "text": "after the restart"],
            ])
        #expect(!run.stderr.contains("did not move"), "\(run.stderr)")
    }

    /// After a restart of pickerd, the person cancels while input flows:
    /// pickerctl exits 1 (the outcome), never with the lost connection its
    /// mover sees as the wait closes the connection it took back.
    @Test func aCancelAfterARestartExits1WhileInputFlows() throws {
        let home = try TestDirectory()
        let first = try DaemonProcess(config: Self.restartConfig, home: home)
        let running = try CommandLineProcess(
            program: "/usr/bin/env",
            [
                "--default-signal=PIPE", "bash", "-c",
                #"i=0; while :; do echo $((i = i % 99 + 1)); sleep 0.01; done | "$PICKERCTL" progress --inline never"#
                    + #"; echo "status ${PIPESTATUS[*]}""#,
            ],
            environment: ["PICKERD_SOCKET": first.socketPath, "PICKERCTL": DaemonProcess.executable("pickerctl").path])
        try eventually("the bar moving") { try Self.keyValue(first)?["percent"] != nil }
        _ = first.stop()
        let daemon = try DaemonProcess(config: Self.restartConfig, home: home)
        let client = try TestClient(socketPath: daemon.socketPath)
        let window = try #require(try client.result("list")["windows"]?.arrayValue?.first?["window"])
        let moved = try client.result("get", ["window": window])["value"]
        try eventually("the bar moving after the restart", timeout: 60) {
            try client.result("get", ["window": window])["value"] != moved
        }
        #expect(try client.result("cancel", ["window": window])["reason"] == "cancelled")
        let run = running.finish(timeout: 60)
        #expect(run.stdout == "status 141 1\n", "the writer got SIGPIPE, pickerctl exited 1: \(run)")
    }

    /// A reattach grace long enough for pickerctl to take its window back
    /// after the restart on a loaded CI machine (the default 5 s is not).
    static let restartConfig = #"{"windows": {"reattach_ms": 60000}}"#

    /// Runs pickerctl with `arguments`, moves its bar to 10 by standard
    /// input (`bar` finds it in the key window's value), then stops pickerd
    /// and starts it again on the same state and socket.
    static func restartingPickerd(whileMoving arguments: [String], bar: (JSON?) -> JSON?) throws -> (
        DaemonProcess, CommandLineProcess
    ) {
        let home = try TestDirectory()
        let first = try DaemonProcess(config: restartConfig, home: home)
        let asking = try CommandLineProcess("pickerctl", ["--socket", first.socketPath] + arguments, input: true)
        try asking.write(input: "10\n", close: false)
        try eventually("the bar at 10") { try bar(keyValue(first)) == ["percent": 10] }
        _ = first.stop()
        return (try DaemonProcess(config: restartConfig, home: home), asking)
    }

    /// The key window's live value, nil while there is none.
    static func keyValue(_ daemon: DaemonProcess) throws -> JSON? {
        let client = try TestClient(socketPath: daemon.socketPath)
        defer { client.close() }
        guard let key = try client.result("list")["key"], key != .null else { return nil }
        return try client.result("get", ["window": key])["value"]
    }

    /// `pickerctl submit '{}'` answers a form whose optional form within holds
    /// a progress the asker moved: the form within is left out.
    @Test func submitLeavesOutAnOptionalFormWithinHoldingAProgress() throws {
        let daemon = try DaemonProcess.withPresets([
            "transfer": #"""
            {"kind": "transfer", "base": "form", "options": {"fields": [
              {"name": "bar", "kind": "progress"}, {"name": "target", "kind": "text"}]}}
            """#
        ])
        let asker = try TestClient(socketPath: daemon.socketPath)
        let window = try #require(
            try asker.result(
                "present",
                ["kind": "form", "options": ["fields": [["name": "copy", "kind": "transfer", "required": false]]]])[
                    "window"])
        _ = try asker.result("update", ["window": window, "value": ["copy": ["bar": ["percent": 30]]]])
        let submitted = try CommandLineProcess.run(
            "pickerctl",
            ["--socket", daemon.socketPath, "submit", "--window", try #require(window.stringValue), "--json", "{}"])
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let outcome = try asker.result("wait", ["window": window])
        #expect(outcome["reason"] == "submitted" && outcome["value"] == [:], "\(outcome)")
    }
}
