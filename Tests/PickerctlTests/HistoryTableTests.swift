import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl history`'s table has each ended window's KIND and TITLE
/// (issue 30); the built pickerctl against a real daemon.
@Suite(.tags(.process)) struct HistoryTableTests {
    @Test func historyShowsKindAndTitleButNoSecretAndNoControlCharacter() throws {
        let daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
        let client = try TestClient(socketPath: daemon.socketPath)
        let note = try client.result("present", ["kind": "text", "title": "Deploy \u{1B}[2Jnote"])["window"]!
        _ = try client.result("submit", ["window": note, "value": "ship it"])
        let secret = try client.result(
            "present", ["kind": "text", "title": "Password", "options": ["secure": true]])["window"]!
        _ = try client.result("submit", ["window": secret, "value": "hunter2"])
        let day = try client.result("present", ["kind": "date", "title": "Release day"])["window"]!
        _ = try client.result("cancel", ["window": day])

        let table = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "history"])
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        let header = lines[0].split(separator: " ", omittingEmptySubsequences: true)
        #expect(header == ["ID", "KIND", "REASON", "AT", "BY", "TITLE", "VALUE"])
        let cells = lines.dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(cells[0][0] == day.stringValue && cells[0][1] == "date" && cells[0][2] == "cancelled")
        let user = ProcessInfo.processInfo.userName
        #expect(cells[0][4] == user, "who cancelled: this test's user, through no named front-end")
        #expect(cells[0][5...] == ["Release", "day"])
        #expect(cells[1][1] == "text" && cells[1][5...] == ["Password"], "no value: it is secret")
        #expect(cells[2][1] == "text" && cells[2][5...] == ["Deploy", "\\u{1B}[2Jnote", "ship", "it"])
        #expect(!table.stdout.contains("hunter2") && !table.stdout.contains("\u{1B}"))
    }
}
