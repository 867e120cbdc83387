import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The date wheels' and the text editor's keys in the real `pickerctl ui`, in
/// tmux against a real daemon, with pickerctl asking beside it.
@Suite(.tags(.process, .tmux)) struct TerminalKeysUITests: TerminalFrontEndSuite {
    let frontEnd: TerminalFrontEnd

    @Test func pageDownMovesTheDateByAMonthAndTheWeekdayIsShown() throws {
        let asking = try ask(["date", "--title", "When", "--initial", "2026-03-10"])
        let screen = try #require(try ui.waitFor("When"))
        #expect(try ui.waitFor("Tuesday") != nil, "\(screen)")
        try ui.send("NPage")
        #expect(try ui.waitFor("Friday") != nil, "2026-04-10 is a Friday")
        try expectAnswer(asking, "2026-04-10\n")
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() throws {
        let asking = try ask(["text", "--title", "Note"])
        #expect(try ui.waitFor("Note") != nil)
        try ui.type("deploy the web tier")
        #expect(try ui.waitFor("> deploy the web tier") != nil)
        try ui.send("C-w")
        try ui.type("db")
        #expect(try ui.waitFor("> deploy the web db") != nil, "one Ctrl-W took one word")
        try ui.send("C-w", "C-w")
        try ui.type("db")
        #expect(try ui.waitFor("> deploy the db") != nil)
        try expectAnswer(asking, "deploy the db\n")
    }

    @Test func yearsBeforeTheMinimumAreNeverShown() throws {
        let asking = try ask(["date", "--title", "Start", "--min", "2026-03-10", "--initial", "2026-03-10"])
        let first = try #require(try ui.waitFor("Tuesday"))
        #expect(!first.contains("2025"), "\(first)")
        try ui.send("Left", "Left")
        let onTheYear = try #require(try ui.waitFor("2027"), "the next year is offered")
        #expect(!onTheYear.contains("2025"), "\(onTheYear)")
        try ui.send("Up", "PPage", "Home")
        // Keys are handled in order: once the month's Down shows, so have these.
        try ui.send("Tab", "Down")
        let moved = try #require(try ui.waitFor("Friday"), "2026-04-10")
        #expect(!moved.contains("2025"), "\(moved)")
        try ui.send("Enter")
        #expect(asking.finish().stdout == "2026-04-10\n")
    }
}
