import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Titles, choices and values are written by whoever may present or submit;
/// pickerctl's output for a person must never hand their control characters
/// to the terminal (OSC 52 writes the clipboard, CSI 2J clears the screen),
/// while JSON output keeps every value exact.
@Suite(.tags(.process)) struct TerminalEscapeTests {
    /// OSC 52 (set the clipboard to "pwned"), BEL, CSI 2J, the same in its C1
    /// form, and a right-to-left override.
    static let hostile = "Deploy\u{1B}]52;c;cHduZWQ=\u{07} now\u{1B}[2J\u{9B}2J\u{202E}dorp"
    static let visible = #"Deploy\u{1B}]52;c;cHduZWQ=\u{7} now\u{1B}[2J\u{9B}2J\u{202E}dorp"#

    let daemon: DaemonProcess
    let client: TestClient

    init() throws {
        daemon = try DaemonProcess()
        client = try TestClient(socketPath: daemon.socketPath)
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// The characters in `output` that a terminal would act on (line ends aside).
    func raw(_ output: String) -> [String] {
        output.unicodeScalars.filter { scalar in
            scalar != "\n" && (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x202E)
        }.map { String(format: "U+%04X", $0.value) }
    }

    /// Runs a looking command as a table and as JSON: the table shows the
    /// hostile text visibly, the JSON holds it exactly, neither sends it raw.
    func expectTableAndJSON(_ command: String, exact: (JSON) -> JSON?) throws {
        let table = try pickerctl([command])
        #expect(table.status == 0)
        #expect(raw(table.stdout).isEmpty, "raw in \(command): \(raw(table.stdout))")
        #expect(table.stdout.contains(Self.visible), "\(table.stdout)")
        let json = try pickerctl([command, "--json"])
        #expect(raw(json.stdout).isEmpty, "raw in \(command) --json: \(raw(json.stdout))")
        #expect(exact(try JSON.parse(json.stdout)) == .string(Self.hostile), "JSON stays exact")
    }

    @Test func listShowsControlCharactersVisibly() throws {
        _ = try client.result("present", ["kind": "text", "title": .string(Self.hostile)])
        try expectTableAndJSON("list") { $0["windows"]?.arrayValue?.first?["title"] }
    }

    @Test func getPrintsExactJSONThatIsSafeOnATerminal() throws {
        let window = try client.result(
            "present", ["kind": "text", "title": .string(Self.hostile), "message": .string(Self.hostile)])
        let got = try pickerctl(["get", window["window"]!.stringValue!])
        #expect(got.status == 0)
        #expect(raw(got.stdout).isEmpty, "raw: \(raw(got.stdout))")
        let parsed = try JSON.parse(got.stdout)
        #expect(parsed["title"] == .string(Self.hostile) && parsed["message"] == .string(Self.hostile))
    }

    @Test func historyShowsValuesVisibly() throws {
        let window = try client.result("present", ["kind": "text", "title": "Name"])["window"]!
        _ = try client.result("submit", ["window": window, "value": .string(Self.hostile)])
        try expectTableAndJSON("history") { $0["outcomes"]?.arrayValue?.first?["value"] }
    }

    @Test func watchShowsTitlesAndValuesVisibly() throws {
        let watch = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "watch"])
        try eventually("the watch to subscribe") { try client.result("status")["subscriptions"] == 1 }
        let window = try client.result("present", ["kind": "text", "title": .string(Self.hostile)])["window"]!
        _ = try client.result("submit", ["window": window, "value": .string(Self.hostile)])
        _ = holdsWithin(10) { watch.stdoutSoFar.contains("window.resigned_key") }
        watch.signal(SIGTERM)
        let output = watch.finish().stdout
        #expect(raw(output).isEmpty, "raw: \(raw(output))")
        #expect(output.contains("window.presented \(window.stringValue!) \(Self.visible)"))
        #expect(output.split(separator: "\n").count == 4, "one line per event:\n\(output)")
    }

    @Test func errorsQuotingAValueShowItVisibly() throws {
        _ = try client.result("present", ["kind": "custom", "options": ["columns": [["prod", "staging"]]]])
        let rejected = try pickerctl(["submit", Self.hostile])
        #expect(rejected.status == 65)
        #expect(raw(rejected.stderr).isEmpty, "raw: \(raw(rejected.stderr))")
        #expect(rejected.stderr.contains("\\u{1B}]52;c;"), "\(rejected.stderr)")
    }
}
