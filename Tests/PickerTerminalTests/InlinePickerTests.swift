import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Asking commands run in a terminal answer their window right there, with
/// `pickerctl ui`'s views and keys, below what is on screen; only the value
/// goes to stdout (here a file, as `$(...)` captures it).
@Suite(.tags(.process, .tmux)) struct InlinePickerTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess()
    }

    @Test func aDateIsAnsweredInPlaceBelowWhatIsOnScreen() throws {
        let asking = try InlineAsking(["date", "--title", "When", "--initial", "2026-03-10"], daemon: daemon)
        let screen = try asking.waitFor("Enter submit")
        #expect(screen.contains("a line above") && screen.contains("When") && screen.contains("Tue"), "\(screen)")
        try asking.pane.send("Down", "Down")
        try asking.waitFor("Thu")
        try asking.pane.send("Enter")
        let ended = try asking.finish()
        #expect(ended.status == 0 && ended.stdout == "2026-03-12\n")
        let after = try asking.pane.screen()
        #expect(after.contains("✓ “When” was submitted"), "\(after)")
        #expect(
            !after.contains("Enter submit") && !after.contains("[normal] When"),
            "the picker's lines are cleared: \(after)")
    }

    @Test func aTreeOfDependentColumns() throws {
        let asking = try InlineAsking(
            ["custom", "--title", "Place", "--tree", #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}"#],
            daemon: daemon)
        try asking.waitFor("Hangzhou")
        // A resize redraws: the hints wrap to the new width. (Narrowing may
        // leave a line of the wider frame behind where the terminal reflows,
        // so the date test, not this one, checks that the picker's lines go.)
        try asking.pane.resize(width: 40, height: 24)
        try asking.waitFor("\n←→ column")
        try asking.pane.send("Right", "Down")
        try asking.waitFor("Ningbo")
        try asking.pane.send("Enter")
        #expect(try asking.finish() == (0, "Zhejiang\tNingbo\n"))
    }

    @Test func textAndSecureTextShowOnlyMasks() throws {
        let asking = try InlineAsking(
            [["text", "--title", "Your name"], ["text", "--secure", "--title", "Password"]], daemon: daemon)
        // Typed as soon as the title shows, maybe before pickerd has sent the
        // window's contents: nothing typed ahead is lost.
        try asking.waitFor("Your name")
        try asking.pane.type("Ada")
        try asking.waitFor("Ada")
        try asking.pane.send("Enter")
        #expect(try asking.finish(0) == (0, "Ada\n"))
        try asking.waitFor("Enter submit")
        try asking.pane.type("hunter2")
        let masked = try asking.waitFor("•••••••")
        #expect(!masked.contains("hunter2"), "\(masked)")
        try asking.pane.send("Enter")
        #expect(try asking.finish(1) == (0, "hunter2\n"))
        #expect(!(try asking.pane.screen()).contains("hunter2"))
    }

    @Test func actionsAndConfirm() throws {
        let asking = try InlineAsking(
            [
                ["actions", "--title", "Ship", "--action", "Deploy:default", "--action", "Roll back:destructive"],
                ["confirm", "--title", "Sure"],
            ], daemon: daemon)
        try asking.waitFor("Roll back")
        try asking.pane.send("Down", "Enter")
        #expect(try asking.finish(0) == (0, "Roll back\n"))
        try asking.waitFor("Enter submit")
        try asking.pane.send("Enter")
        #expect(try asking.finish(1).status == 0)
    }

    @Test func chooseOneAndSeveral() throws {
        let asking = try InlineAsking(
            [
                ["choose", "--title", "One", "red", "green", "blue"],
                ["choose", "--multiple", "--title", "Several", "a", "b", "c"],
            ],
            daemon: daemon)
        try asking.waitFor("blue")
        try asking.pane.send("Down", "Enter")
        #expect(try asking.finish(0) == (0, "green\n"))
        try asking.waitFor("Space tick")
        try asking.pane.send("Space", "Down", "Down", "Space", "Enter")
        #expect(try asking.finish(1) == (0, "a\nc\n"))
    }

    @Test func aFormOfSeveralFields() throws {
        let asking = try InlineAsking(
            ["form", "--title", "Deploy", "--field", "who:text", "--field", #"when:date:{"initial":"2026-03-10"}"#],
            daemon: daemon)
        try asking.waitFor("when")
        try asking.pane.type("Ada")
        try asking.pane.send("Tab", "Down", "Enter")
        let ended = try asking.finish()
        #expect(ended.status == 0)
        #expect(try JSON.parse(ended.stdout) == .object(["who": "Ada", "when": "2026-03-11"]))
    }

    /// Whichever answer comes first counts: here a second pickerctl's.
    @Test func answeredElsewhereIsSaidInOneLine() throws {
        let asking = try InlineAsking(["text", "--title", "Your name"], daemon: daemon)
        try asking.waitFor("Enter submit")
        #expect(try asking.pickerctl(["submit", "Bob"]).status == 0)
        #expect(try asking.finish() == (0, "Bob\n"))
        let screen = try asking.pane.screen()
        #expect(screen.contains("“Your name” was answered elsewhere"), "\(screen)")
        #expect(!screen.contains("Enter submit"))
    }

    /// An alert ahead: the inline picker says so and ignores keys until its
    /// window is key again.
    @Test func anAlertTakingOverHoldsTheKeys() throws {
        let asking = try InlineAsking(["text", "--title", "Your name"], daemon: daemon)
        try asking.waitFor("Enter submit")
        let alert = try asking.pickerctl(["text", "--level", "alert", "--title", "Disk full", "--no-wait"])
        let window = alert.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try asking.waitFor("“Disk full” (alert) is ahead")
        try asking.pane.type("xyz")
        try asking.pane.send("Enter")
        #expect(try asking.pickerctl(["dismiss", window]).status == 0)
        try asking.waitFor("Enter submit")
        try asking.pane.type("Ada")
        try asking.waitFor("Ada")
        try asking.pane.send("Enter")
        #expect(try asking.finish() == (0, "Ada\n"), "keys typed while the alert was ahead were dropped")
    }

    @Test func controlCCancelsTheWindowAndExits130() throws {
        let asking = try InlineAsking(["date", "--title", "When"], daemon: daemon)
        try asking.waitFor("Enter submit")
        try asking.pane.send("C-c")
        #expect(try asking.finish() == (130, ""))
        #expect(try asking.waitFor("“When” was cancelled").contains("a line above"))
        let history = try asking.pickerctl(["history", "--json"])
        #expect(history.stdout.contains("cancelled"), "\(history.stdout)")
        #expect(try asking.pickerctl(["list"]).stdout.contains("When") == false)
    }

    /// `--inline never`, PICKERD_INLINE=never and stdin from a pipe keep the
    /// one-line hint; the window is answered elsewhere.
    @Test func neverAndAPipedStdinKeepTheHint() throws {
        let never = try InlineAsking(["text", "--inline", "never", "--title", "Flagged"], daemon: daemon)
        try never.waitFor("waiting for an answer to “Flagged”")
        #expect(try never.pickerctl(["submit", "one"]).status == 0)
        #expect(try never.finish() == (0, "one\n"))
        #expect(!(try never.pane.screen()).contains("Enter submit"))

        let piped = try InlineAsking(
            [["text", "--title", "Piped"], ["text", "--inline", "auto", "--title", "Piped again"]],
            prefix: "echo | PICKERD_INLINE=always", daemon: daemon)
        // always draws even with stdin from a pipe, when /dev/tty opens ...
        try piped.waitFor("Enter submit")
        try piped.pane.type("two")
        try piped.pane.send("Enter")
        #expect(try piped.finish(0) == (0, "two\n"))
        // ... and --inline auto, which wins over the environment, does not.
        try piped.waitFor("waiting for an answer to “Piped again”")
        #expect(try piped.pickerctl(["submit", "three"]).status == 0)
        #expect(try piped.finish(1) == (0, "three\n"))
    }
}
