import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// A title or choice carrying terminal sequences is drawn as text in
/// `pickerctl ui`: it neither writes the clipboard (OSC 52) nor clears the
/// screen (CSI 2J, in its 7-bit and C1 forms).
@Suite(.tags(.process, .tmux)) struct TerminalEscapeUITests {
    @Test func hostileTitlesAndChoicesAreDrawnVisibly() throws {
        let daemon = try DaemonProcess()
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let ui = try TmuxSession("\(pickerctl) ui --socket \(daemon.socketPath)")
        // tmux takes OSC 52 from a program as a new paste buffer when set-clipboard is on.
        try ui.command("set-option", "-s", "set-clipboard", "on")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
        let client = try TestClient(socketPath: daemon.socketPath)
        _ = try client.result(
            "present",
            [
                "kind": "actions",
                "title": "Deploy\u{1B}]52;c;cHduZWQ=\u{07} now\u{1B}[2J",
                "message": "first line\nsecond\u{9B}2J line",
                "options": ["actions": [["label": "Yes\u{1B}[2J"], ["label": "No"]]],
            ])
        let screen = try #require(try ui.waitFor("Enter submit"), "the window is drawn")
        // CSI 2J would have erased the level and the title drawn before it.
        #expect(screen.contains(#"[normal] Deploy\u{1B}]52;c;cHduZWQ=\u{7} now\u{1B}[2J"#), "\(screen)")
        #expect(screen.contains(#"second\u{9B}2J line"#), "\(screen)")
        #expect(screen.contains("first line\n"), "the message keeps its line break")
        #expect(screen.contains(#"Yes\u{1B}[2J"#), "\(screen)")
        let buffers = try ui.command("list-buffers")
        #expect(buffers.isEmpty, "the clipboard was written: \(buffers)")
    }
}
