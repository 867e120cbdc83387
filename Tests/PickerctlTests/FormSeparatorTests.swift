import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `form --separator S` (issue 30, output formats as zenity's): the fields'
/// values in field order, delimited by S, instead of a JSON object; the
/// built pickerctl against a real daemon.
@Suite(.tags(.process)) struct FormSeparatorTests {
    let daemon: DaemonProcess
    let folder: TestDirectory

    init() throws {
        daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
        folder = try TestDirectory()
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// A form asking for a date, two custom columns, a password and an
    /// optional note, in that order, written to a spec file.
    func spec() throws -> String {
        let path = folder.url.appendingPathComponent("form.json").path
        try Data(
            #"""
            [{"name": "when", "kind": "date"},
             {"name": "env", "kind": "custom", "options": {"columns": [["prod", "staging"], ["us", "eu"]]}},
             {"name": "password", "kind": "text", "options": {"secure": true}},
             {"name": "note", "kind": "text", "required": false}]
            """#.utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func printsTheFieldsInFieldOrderDelimitedBySeparator() throws {
        let asking = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "form", "--spec", try spec(), "--separator", "|"])
        try daemon.waitForWindows(1)
        // Given out of order: the line follows the fields, not the object.
        let value = #"{"password": "hunter2", "env": ["staging", "eu"], "when": "2026-03-04"}"#
        #expect(try pickerctl(["submit", "--json", value]).status == 0)
        let printed = asking.finish()
        #expect(printed.status == 0, "\(printed.stderr)")
        #expect(
            printed.stdout == "2026-03-04|staging,eu|hunter2|\n",
            "the secure field as the asker's JSON holds it; the note left blank is empty")

        let tabbed = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", daemon.socketPath, "form", "--field", "who:text", "--field", "when:date", "--separator",
                #"\t"#,
            ])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "--json", #"{"who": "Ada", "when": "2026-03-04"}"#]).status == 0)
        #expect(tabbed.finish().stdout == "Ada\t2026-03-04\n", "\\t is a tab, as custom's --separator")
    }

    @Test func aDefaultIsPrintedDelimitedToo() throws {
        let defaulted = try pickerctl([
            "form", "--field", "who:text", "--field", "when:date", "--separator", ";", "--timeout", "200ms",
            "--default-json", #"{"who": "Ada", "when": "2026-03-04"}"#,
        ])
        #expect(defaulted.status == 0 && defaulted.stdout == "Ada;2026-03-04\n", "\(defaulted.stderr)")
    }

    @Test func separatorWithJSONOrEmptyIsAUsageError() throws {
        let both = try pickerctl(["form", "--field", "who:text", "--separator", "|", "--json"])
        #expect(both.status == 64)
        #expect(
            both.stderr.hasPrefix(
                "pickerctl: --separator prints the fields delimited; --json prints the object: give one"),
            "\(both.stderr)")
        let empty = try pickerctl(["form", "--field", "who:text", "--separator", ""])
        #expect(empty.status == 64 && empty.stderr.hasPrefix("pickerctl: --separator must not be empty"))
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("list")["windows"] == [], "nothing presented")
    }
}
