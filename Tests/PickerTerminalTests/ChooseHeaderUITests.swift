import Foundation
import PickerTestSupport
import Testing

/// `pickerctl choose --header --height` as `pickerctl ui` shows it, in tmux
/// against a real daemon: the header above the choices, at most `height`
/// choices at once, the rest scrolled to.
@Suite(.tags(.process, .tmux)) struct ChooseHeaderUITests: TerminalFrontEndSuite {
    let frontEnd: TerminalFrontEnd

    @Test func theHeaderIsShownAndHeightRowsAtOnce() throws {
        let choices = (1...12).map { "host\($0)" }
        let asking = try ask(
            ["choose", "--title", "Restart", "--header", "Hosts in eu-west", "--height", "3"] + choices)
        let screen = try #require(try ui.waitFor("Hosts in eu-west"))
        #expect(screen.contains("host3") && !screen.contains("host4"), "\(screen)")
        #expect(screen.contains("↓ 9 more"))
        try ui.send("Down", "Down", "Down", "Down")
        #expect(try ui.waitFor("host5") != nil)
        try expectAnswer(asking, "host5\n")
    }
}
