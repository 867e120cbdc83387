import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// A progress in the real `pickerctl ui` and in the inline picker, in tmux
/// against a real daemon: the bar with its percentage and text follows
/// `pickerctl progress`'s input, a pulsating bar moves by the clock, and
/// Escape cancels unless `--no-cancel`.
@Suite(.tags(.process, .tmux)) struct ProgressBarUITests: TerminalFrontEndSuite {
    let frontEnd: TerminalFrontEnd

    /// `pickerctl progress ARGUMENTS` beside the UI, fed by the test.
    func progress(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "progress"] + arguments, input: true)
    }

    @Test func theBarFollowsTheInputAndEscapeCancels() throws {
        let asking = try progress(["--title", "Copying"])
        try asking.write(input: "40\n#copying a.txt\n", close: false)
        let screen = try #require(try ui.waitFor("copying a.txt"))
        #expect(
            screen.contains("40%") && screen.contains("Esc cancel") && !screen.contains("Enter submit"), "\(screen)")
        #expect(screen.contains(String(repeating: "█", count: 10)), "the bar is filled in part: \(screen)")
        try asking.write(input: "75\n", close: false)
        #expect(try ui.waitFor("75%") != nil)
        try ui.send("Enter")  // submits nothing: the asker ends it
        try ui.send("Escape")
        let result = asking.finish()
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
    }

    @Test func withNoCancelEscapeDoesNothingAndEndOfInputSubmits() throws {
        let asking = try progress(["--title", "Migrating", "--no-cancel", "--percentage", "10"])
        let screen = try #require(try ui.waitFor("10%"))
        #expect(screen.contains("cannot be cancelled") && !screen.contains("Esc cancel"), "\(screen)")
        try ui.send("Escape")
        try asking.write(input: "20\n", close: false)
        #expect(try ui.waitFor("20%") != nil, "still open after Escape")
        try asking.write(input: "100\n")
        #expect(asking.finish().status == 0)
    }

    /// No input comes, yet the pulse moves: the UI's tick draws it again.
    @Test func aPulsatingBarMovesByItself() throws {
        let asking = try progress(["--title", "Waiting", "--pulsate"])
        try asking.write(input: "#thinking\n", close: false)
        let first = try #require(try ui.waitFor("thinking"))
        let bar = { (screen: String) in screen.split(separator: "\n").first { $0.contains("█") }.map(String.init) }
        #expect(bar(first) != nil && !first.contains("%"), "\(first)")
        #expect(try holdsWithin(10, every: 0.05) { bar(try ui.screen()) != bar(first) }, "the pulse moved")
        try ui.send("Escape")
        #expect(asking.finish().status == 1)
    }
}

/// `pickerctl progress` fed by a pipe in a terminal draws its bar right
/// where it runs (inline `auto`: stderr is a terminal, stdin the data), and
/// Escape there cancels it and stops the writer.
@Suite(.tags(.process, .tmux)) struct InlineProgressTests {
    @Test func theBarIsDrawnInPlaceAndEscapeCancels() throws {
        let daemon = try DaemonProcess()
        let asking = try InlineAsking(
            ["progress", "--title", "Build"],
            prefix: "while :; do echo 30; echo '#half way'; sleep 0.2; done |", daemon: daemon)
        let screen = try asking.waitFor("half way")
        #expect(screen.contains("30%") && screen.contains("Esc cancel"), "\(screen)")
        try asking.pane.send("Escape")
        let ended = try asking.finish()
        #expect(ended.status == 1 && ended.stdout.isEmpty)
    }

    /// `pickerctl form` fed by a pipe draws its form in place, its progress
    /// field moved by the pipe while the person types the notes; Enter
    /// prints the form with the bar's last value.
    @Test func aFormsProgressFieldIsMovedByThePipeWhileThePersonTypes() throws {
        let daemon = try DaemonProcess()
        let asking = try InlineAsking(
            ["form", "--title", "Release", "--field", "notes:text", "--field", "up:progress"],
            prefix: "while :; do echo 30; echo '#half way'; sleep 0.2; done |", daemon: daemon)
        let screen = try asking.waitFor("half way")
        #expect(screen.contains("30%") && screen.contains("notes"), "\(screen)")
        try asking.pane.type("Fixes")
        try asking.waitFor("Fixes")
        try asking.pane.send("Enter")
        let ended = try asking.finish()
        #expect(ended.status == 0, "\(ended)")
        #expect(ended.stdout == #"{"notes":"Fixes","up":{"percent":30,"text":"half way"}}"# + "\n", "\(ended)")
    }
}

/// A form with a progress field in the real `pickerctl ui`: the asker (a
/// client on its own connection) moves the bar while the person types the
/// other field; the bar follows without undoing the typing, Tab passes it
/// by, and Enter submits the form with the bar's last value.
@Suite(.tags(.process, .tmux)) struct ProgressFieldUITests: TerminalFrontEndSuite {
    let frontEnd: TerminalFrontEnd

    @Test func theBarMovesWhileThePersonTypesAndTheFormKeepsItsLastValue() throws {
        let asker = try TestClient(socketPath: daemon.socketPath)
        let fields: JSON = [
            ["name": "notes", "kind": "text", "label": "Release notes"],
            ["name": "upload", "kind": "progress", "label": "Uploading"],
        ]
        let window = try #require(
            try asker.result("present", ["kind": "form", "title": "Release", "options": ["fields": fields]])["window"])
        #expect(try ui.waitFor("Uploading") != nil)
        try ui.type("Fixes")
        _ = try asker.result(
            "update", ["window": window, "value": ["upload": ["percent": 40, "text": "2 of 5 files"]]])
        let screen = try #require(try ui.waitFor("2 of 5 files"))
        #expect(screen.contains("40%") && screen.contains("Fixes"), "\(screen)")
        try ui.send("Tab")  // the bar is only watched: the focus stays on the notes
        try ui.type(" bugs")
        #expect(try ui.waitFor("Fixes bugs") != nil)
        _ = try asker.result("update", ["window": window, "value": ["upload": ["percent": 75]]])
        #expect(try ui.waitFor("75%") != nil)
        #expect(try ui.screen().contains("Fixes bugs"), "the asker's update undid no typing")
        try ui.send("Enter")
        let outcome = try asker.result("wait", ["window": window])
        #expect(outcome["reason"] == "submitted", "\(outcome)")
        #expect(outcome["value"] == ["notes": "Fixes bugs", "upload": ["percent": 75]], "\(outcome)")
    }

    /// A form with a secret field sends no live updates, so its live value
    /// never holds what the person typed: the bar's moves must not draw the
    /// form again from it (that emptied the typed secret on every move).
    @Test func theBarsMovesKeepASecretFieldsTyping() throws {
        let asker = try TestClient(socketPath: daemon.socketPath)
        let fields: JSON = [
            ["name": "pin", "kind": "text", "label": "Signing PIN", "options": ["secure": true]],
            ["name": "upload", "kind": "progress", "label": "Uploading"],
        ]
        let window = try #require(
            try asker.result("present", ["kind": "form", "title": "Sign", "options": ["fields": fields]])["window"])
        #expect(try ui.waitFor("Uploading") != nil)
        try ui.type("4711")
        for percent in [20, 40, 60] {
            _ = try asker.result(
                "update", ["window": window, "value": ["upload": ["percent": .integer(Int64(percent))]]])
            #expect(try ui.waitFor("\(percent)%") != nil)
        }
        try ui.send("Enter")
        let outcome = try asker.result("wait", ["window": window])
        #expect(outcome["reason"] == "submitted", "\(outcome)")
        #expect(outcome["value"] == ["pin": "4711", "upload": ["percent": 60]], "\(outcome)")
    }
}
