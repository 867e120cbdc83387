import Foundation
import PickerTestSupport
import Testing

/// `pickerctl ui` in a 50×15 terminal: every line is wrapped or shortened,
/// as at 80 columns, none cut at the edge (`Ctrl-N/Ctrl-P swit`).
@Suite(.tags(.process, .tmux)) struct NarrowTerminalUITests {
    @Test func nothingIsCutAt50By15() throws {
        let frontEnd = try TerminalFrontEnd()
        let ui = frontEnd.ui
        try ui.resize(width: 50, height: 15)
        let socket = ["--socket", frontEnd.daemon.socketPath]
        let hidden = try CommandLineProcess.run("pickerctl", socket + ["text", "--title", "Later", "--no-wait"])
        let window = hidden.stdout.trimmingCharacters(in: .newlines)
        #expect(try CommandLineProcess.run("pickerctl", socket + ["hide", window]).status == 0)
        let idle = try #require(try ui.waitFor("back"))
        #expect(Self.flat(idle).contains("1 hidden window open; `pickerctl show ID` brings one back"), "\(idle)")

        let first = try frontEnd.ask(["text", "--title", "First"])
        defer { first.signal(SIGTERM) }
        #expect(try ui.waitFor("First") != nil)
        let second = try frontEnd.ask([
            "choose", "--title", "Second", "--multiple", "--max", "1", "alpha", "beta", "gamma",
        ])
        #expect(try ui.waitFor("Second") != nil)
        // After the moment a newer window ignores keys, the hints are back.
        let shown = try #require(try ui.waitFor("Ctrl-C quit"))
        for hint in ["Ctrl-N/Ctrl-P switch", "Enter submit", "Esc cancel", "Space tick", "Ctrl-C quit"] {
            #expect(shown.contains(hint), "\(hint) is cut:\n\(shown)")
        }
        // The refusal of a second tick is one line that fits too.
        try ui.send("Space", "Down", "Space")
        let refusal = try ui.waitFor("untick one first")
        let now = try ui.screen()
        let refused = try #require(refusal, "\(now)")
        #expect(refused.contains("✗ at most 1 may be ticked: untick one first"), "one line: \(refused)")
        try ui.send("Enter")
        let result = second.finish()
        #expect(result.status == 0 && result.stdout == "alpha\n", "\(result.stdout)")
    }

    /// The screen's lines as one: a sentence wrapped over lines reads whole.
    static func flat(_ screen: String) -> String {
        screen.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
