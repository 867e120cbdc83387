import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// The built pickerctl against a real daemon: DESIGN.md's contract.
@Suite(.tags(.process)) struct PickerctlTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess()
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    func start(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// Waits until `count` windows are open, so an asking pickerctl is blocked.
    func waitForWindows(_ count: Int) throws {
        try daemon.waitForWindows(count)
    }

    @Test func dateBlocksUntilSubmittedFromAnotherProcess() throws {
        let asking = try start(["date", "--title", "Deploy date"])
        try waitForWindows(1)
        #expect(asking.isRunning, "date blocks while the window is open")
        let rejected = try pickerctl(["submit", "2026-02-30"])
        #expect(rejected.status == 65)
        #expect(rejected.stderr == "pickerctl: 2026-02-30 is not a date: February 2026 has 28 days\n")
        #expect(rejected.stdout.isEmpty)
        try waitForWindows(1)
        let submitted = try pickerctl(["submit", "2026-03-04"])
        #expect(submitted.status == 0 && submitted.stdout.isEmpty && submitted.stderr.isEmpty)
        let result = asking.finish()
        #expect(result.status == 0)
        #expect(result.stdout == "2026-03-04\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func customColumnsAndTrees() throws {
        let columns = try start(["custom", "--column", "prod,staging", "--column", "us,eu"])
        try waitForWindows(1)
        #expect(try pickerctl(["submit", "staging", "eu"]).status == 0)
        #expect(columns.finish().stdout == "staging\teu\n")

        let tree = try start([
            "custom", "--tree", #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}"#, "--separator", "/",
        ])
        try waitForWindows(1)
        #expect(try pickerctl(["submit", "Zhejiang", "Nanjing"]).status == 65, "Nanjing is not under Zhejiang")
        #expect(try pickerctl(["submit", "Zhejiang", "Ningbo"]).status == 0)
        let result = tree.finish()
        #expect(result.status == 0 && result.stdout == "Zhejiang/Ningbo\n")
    }

    /// A preset's windows carry their `base`, and `submit` shapes its values
    /// by it: a two-column custom preset takes one VALUE per column.
    @Test func aTwoColumnPresetIsAnsweredOneValuePerColumn() throws {
        let daemon = try DaemonProcess.withPresets(["target": Self.twoColumnPreset])
        let asking = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "present", "target"])
        try daemon.waitForWindows(1)
        let listed = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "list", "--json"])
        let window = try JSON.parse(listed.stdout)["windows"]?.arrayValue?.first
        #expect(window?["kind"] == "target" && window?["base"] == "custom")
        let submitted = try CommandLineProcess.run(
            "pickerctl", ["--socket", daemon.socketPath, "submit", "staging", "eu"])
        #expect(submitted.status == 0 && submitted.stderr.isEmpty)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "staging\teu\n")
    }

    static let twoColumnPreset =
        #"{"kind": "target", "base": "custom", "title": "Target", "options": {"columns": [["prod", "staging"], ["us", "eu"]]}}"#

    @Test func timeoutsDefaultsAndCancel() throws {
        let timedOut = try pickerctl(["text", "--timeout", "300ms"])
        #expect(timedOut.status == 124 && timedOut.stdout.isEmpty)
        let defaulted = try pickerctl(["date", "--timeout", "300ms", "--default", "2026-01-02"])
        #expect(defaulted.status == 0 && defaulted.stdout == "2026-01-02\n")
        let cancelled = try start(["text"])
        try waitForWindows(1)
        #expect(try pickerctl(["cancel"]).status == 0)
        let result = cancelled.finish()
        #expect(result.status == 1 && result.stdout.isEmpty)
        let json = try pickerctl(["text", "--timeout", "0.2", "--json"])
        #expect(json.status == 124)
        #expect(try JSON.parse(json.stdout)["reason"] == "timeout")
    }

    @Test func formsAndActions() throws {
        let form = try start([
            "form", "--field", "when:date", "--field", #"env:custom:{"columns":[["prod","staging"]]}"#, "--field",
            "who:text",
        ])
        try waitForWindows(1)
        #expect(try pickerctl(["submit", #"{"when":"2026-05-01","env":["staging"],"who":"Ada"}"#]).status == 0)
        let formResult = form.finish()
        #expect(formResult.status == 0)
        #expect(try JSON.parse(formResult.stdout) == ["when": "2026-05-01", "env": ["staging"], "who": "Ada"])

        let save = try start([
            "actions", "--action", "Save:default", "--action", "Discard:destructive", "--action", "Never mind:cancel",
        ])
        try waitForWindows(1)
        #expect(try pickerctl(["submit", "Discard"]).status == 0)
        #expect(save.finish().stdout == "Discard\n")
        let cancel = try start(["actions", "--action", "Save", "--action", "Never mind:cancel"])
        try waitForWindows(1)
        #expect(try pickerctl(["submit", "Never mind"]).status == 0)
        let cancelled = cancel.finish()
        #expect(cancelled.status == 1 && cancelled.stdout.isEmpty)
    }

    @Test func noWaitThenWait() throws {
        let presented = try pickerctl(["text", "--no-wait", "--title", "Later"])
        #expect(presented.status == 0)
        let id = presented.stdout.trimmingCharacters(in: .newlines)
        #expect(id.hasPrefix("w"))
        let waiting = try start(["wait", id])
        #expect(try pickerctl(["submit", "--window", id, "hello there"]).status == 0)
        let result = waiting.finish()
        #expect(result.status == 0 && result.stdout == "hello there\n")
        #expect(
            try pickerctl(["wait", id, "--json"]).stdout.contains(#""reason":"submitted""#),
            "a retained outcome comes at once")
        let open = try pickerctl(["text", "--no-wait"]).stdout.trimmingCharacters(in: .newlines)
        #expect(try pickerctl(["wait", open, "--timeout", "200ms"]).status == 124)
    }

    @Test func listAsJSONAndAsATable() throws {
        let first = try pickerctl(["text", "--no-wait", "--title", "First"]).stdout.trimmingCharacters(in: .newlines)
        let urgent = try pickerctl(["date", "--no-wait", "--title", "Urgent", "--level", "alert", "--timeout", "1h"])
            .stdout
            .trimmingCharacters(in: .newlines)
        let json = try JSON.parse(try pickerctl(["list", "--json"]).stdout)
        #expect(json["key"] == .string(urgent))
        #expect(json["windows"]?.arrayValue?.map { $0["title"] } == ["Urgent", "First"])
        let table = try pickerctl(["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 3)
        let padding = String(repeating: " ", count: first.count - 2)
        #expect(table[0].hasPrefix("   ID\(padding)  LEVEL"))
        #expect(table[1].hasPrefix("*  \(urgent)  alert") && table[1].hasSuffix("Urgent"))
        #expect(table[1].contains("in 59m") || table[1].contains("in 1h"), "\(table[1])")
        #expect(table[2].hasPrefix("   \(first)  normal"))
        let columns = table.map {
            $0.range(of: "KIND")?.lowerBound.utf16Offset(in: $0) ?? $0.range(of: "date")?.lowerBound.utf16Offset(in: $0)
        }
        #expect(columns[0] == columns[1], "columns line up")
    }

    @Test func watchPrintsOneEventPerLine() throws {
        let watch = try start(["watch", "--json"])
        let client = try TestClient(socketPath: daemon.socketPath)
        try eventually("the watch to subscribe") { try client.result("status")["subscriptions"] == 1 }
        let window = try client.result("present", ["kind": "text"])["window"]!
        _ = try client.result("submit", ["window": window, "value": "x"])
        _ = holdsWithin(10) { watch.stdoutSoFar.contains("window.resigned_key") }
        watch.signal(SIGTERM)
        let lines = try watch.finish().stdout.split(separator: "\n").map { try JSON.parse(String($0)) }
        #expect(
            lines.map { $0["type"] } == ["window.presented", "window.key", "window.dismissed", "window.resigned_key"])
        #expect(lines.last?["window"] == window)
    }

    @Test func badgeCountsUpTo99Plus() throws {
        #expect(try pickerctl(["badge"]).stdout == "0\n")
        let client = try TestClient(socketPath: daemon.socketPath)
        for _ in 0..<99 { _ = try client.result("present", ["kind": "text"]) }
        #expect(try pickerctl(["badge"]).stdout == "99\n")
        _ = try client.result("present", ["kind": "text", "hidden": true])
        #expect(try pickerctl(["badge"]).stdout == "99+\n")
    }

    @Test func exitCodesForUsageAndUnreachableDaemon() throws {
        let badDuration = try pickerctl(["date", "--timeout", "soon"])
        #expect(badDuration.status == 64 && badDuration.stderr.hasPrefix("pickerctl: The value 'soon' is invalid"))
        #expect(badDuration.stderr.split(separator: "\n").count == 1, "one line")
        let missing = try CommandLineProcess.run(
            "pickerctl", ["--socket", "/tmp/pickerd-test-missing/none.sock", "ping"])
        #expect(missing.status == 69)
        #expect(missing.stderr.hasPrefix("pickerctl: cannot reach pickerd at /tmp/pickerd-test-missing/none.sock"))
        let fromEnvironment = try CommandLineProcess.run(
            "pickerctl", ["ping"], environment: ["PICKERD_SOCKET": daemon.socketPath])
        #expect(fromEnvironment.status == 0 && fromEnvironment.stdout == "pong\n")
        #expect(try pickerctl(["submit", "x"]).status == 65, "no key window")
        #expect(try pickerctl(["raise", "w404"]).status == 65)
    }

    @Test func anotherUserGetsPermissionDenied() throws {
        guard let prefix = try? DaemonProcess.runAs(uid: 65534) else {
            print("skipped: running pickerctl as uid 65534 needs root and setpriv")
            return
        }
        // The default socket directory is 0700: the socket cannot even be opened.
        let closed = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "ping"], prefix: prefix)
        #expect(closed.status == 77)
        #expect(closed.stderr.contains("permission denied opening \(daemon.socketPath)"))
        // An open socket, but no rule for this user.
        let open = try DaemonProcess(config: #"{"socket": {"mode": "0666"}}"#, socketDirectoryMode: 0o755)
        let refused = try CommandLineProcess.run("pickerctl", ["--socket", open.socketPath, "list"], prefix: prefix)
        #expect(refused.status == 77)
        #expect(refused.stderr.hasPrefix("pickerctl: permission denied: uid 65534 may not observe"))
        let ping = try CommandLineProcess.run("pickerctl", ["--socket", open.socketPath, "ping"], prefix: prefix)
        #expect(ping.status == 0, "ping needs no permission")
    }

    @Test func managingCommands() throws {
        let a = try pickerctl(["text", "--no-wait"]).stdout.trimmingCharacters(in: .newlines)
        let b = try pickerctl(["text", "--no-wait"]).stdout.trimmingCharacters(in: .newlines)
        #expect(try pickerctl(["raise", a]).status == 0)
        #expect(try JSON.parse(try pickerctl(["list", "--json"]).stdout)["key"] == .string(a))
        #expect(try pickerctl(["hide", a]).status == 0)
        #expect(try JSON.parse(try pickerctl(["list", "--json"]).stdout)["key"] == .string(b))
        #expect(try pickerctl(["show", a]).status == 0)
        #expect(try pickerctl(["set-level", b, "alert"]).status == 0)
        #expect(try JSON.parse(try pickerctl(["get", b]).stdout)["level_name"] == "alert")
        #expect(try pickerctl(["update", "--window", a, "draft"]).status == 0)
        #expect(try JSON.parse(try pickerctl(["get", a]).stdout)["value"] == "draft")
        #expect(try pickerctl(["dismiss", "--level", "alert"]).stdout == "\(b)\n")
        #expect(try pickerctl(["dismiss", "--all"]).stdout == "\(a)\n")
        #expect(try pickerctl(["history"]).stdout.contains("dismissed"))
        #expect(try pickerctl(["status"]).stdout.hasPrefix("pickerd "))
        #expect(try pickerctl(["plugins"]).stdout.contains("custom"))
        #expect(
            try JSON.parse(try pickerctl(["plugins", "--json"]).stdout).arrayValue?.count == BuiltInKind.allCases.count)
    }

    @Test func completionScriptsAndHelp() throws {
        for shell in ["bash", "zsh", "fish"] {
            let script = try CommandLineProcess.run("pickerctl", ["--generate-completion-script", shell])
            #expect(script.status == 0 && script.stdout.contains("pickerctl"))
        }
        let help = try CommandLineProcess.run("pickerctl", ["--help"])
        #expect(help.status == 0 && help.stdout.contains("SUBCOMMANDS"))
    }
}
