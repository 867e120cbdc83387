import PickerJSON
import Testing

@testable import PickerTerminal

/// The text editor's keys and drawing, without a daemon: options as `get` gives them.
@Suite struct TextEditorTests {
    func editor(_ initial: String, _ options: JSONObject = [:]) -> TextEditor {
        var options = options
        options["initial"] = .string(initial)
        options["max_length"] = options["max_length"] ?? 4096
        options["min_length"] = options["min_length"] ?? 0
        return TextEditor(options: .object(options), value: nil)
    }

    func multiline(_ initial: String) -> TextEditor {
        editor(initial, ["multiline": true])
    }

    func press(_ view: inout TextEditor, _ keys: Key...) -> [ViewAction] {
        keys.map { view.handle($0) }
    }

    func drawn(_ view: TextEditor, width: Int = 80, focused: Bool = true) -> [String] {
        view.render(width: width, height: 10, focused: focused).map(\.text)
    }

    // MARK: deleting

    @Test func deleteRemovesTheCharacterUnderTheCursor() {
        var view = editor("abc")
        #expect(view.handle(.delete) == .none, "nothing under the cursor at the end")
        _ = press(&view, .home, .right)
        #expect(view.handle(.delete) == .changed)
        #expect(view.value == "ac")
        #expect(view.buffer.cursor == 1)
    }

    @Test func ctrlWDeletesTheWordBeforeTheCursor() {
        var view = editor("deploy the web tier")
        #expect(view.handle(.control("w")) == .changed)
        #expect(view.value == "deploy the web ")
        _ = view.handle(.control("w"))
        #expect(view.value == "deploy the ", "the spaces before the cursor, then the word")
        var start = editor("one two")
        _ = start.handle(.home)
        #expect(start.handle(.control("w")) == .none)
    }

    @Test func ctrlWStopsAtTheWordBeforeTheCursor() {
        var view = editor("alpha beta gamma")
        _ = press(&view, .left, .left, .left, .left, .left, .left)
        _ = view.handle(.control("w"))
        #expect(view.value == "alpha  gamma")
        #expect(view.buffer.cursor == 6)
    }

    @Test func ctrlUDeletesToTheLineStart() {
        var view = editor("hello world")
        _ = press(&view, .left, .left, .left, .left, .left)
        #expect(view.handle(.control("u")) == .changed)
        #expect(view.value == "world")
        #expect(view.handle(.control("u")) == .none)
        var lines = multiline("first\nsecond")
        _ = lines.handle(.control("u"))
        #expect(lines.value == "first\n", "only the cursor's line")
    }

    @Test func ctrlKDeletesToTheLineEnd() {
        var view = editor("hello world")
        _ = press(&view, .home, .right, .right)
        #expect(view.handle(.control("k")) == .changed)
        #expect(view.value == "he")
        #expect(view.handle(.control("k")) == .none)
        var lines = multiline("first\nsecond")
        _ = press(&lines, .up, .home, .right)
        _ = lines.handle(.control("k"))
        #expect(lines.value == "f\nsecond", "only the cursor's line")
    }

    // MARK: moving

    @Test func homeEndAndCtrlAEGoToTheLineEnds() {
        var view = editor("abc")
        #expect(view.handle(.control("a")) == .none, "moving changes no text")
        #expect(view.buffer.cursor == 0)
        _ = view.handle(.control("e"))
        #expect(view.buffer.cursor == 3)
        var lines = multiline("one\ntwo")
        _ = lines.handle(.home)
        #expect(lines.buffer.cursor == 4, "the start of the cursor's line")
        _ = lines.handle(.character("X"))
        #expect(lines.value == "one\nXtwo")
        _ = press(&lines, .up, .end)
        #expect(lines.buffer.cursor == 3, "the end of the first line")
    }

    @Test func upAndDownMoveBetweenLinesKeepingTheColumn() {
        var view = multiline("abcdef\nxy\nlonger")
        #expect(view.handle(.up) == .none)
        #expect(view.buffer.cursor == 9, "the end of the shorter line above")
        _ = view.handle(.up)
        #expect(view.buffer.cursor == 2, "column 2 of the first line")
        _ = view.handle(.up)
        #expect(view.buffer.cursor == 2, "nothing above the first line")
        _ = press(&view, .down, .down)
        #expect(view.buffer.cursor == 12, "column 2 of the last line")
        _ = view.handle(.down)
        #expect(view.buffer.cursor == 12)
    }

    @Test func upAndDownDoNothingInASingleLine() {
        var view = editor("abc")
        _ = view.handle(.left)
        _ = press(&view, .up, .down)
        #expect(view.buffer.cursor == 2)
    }

    // MARK: rules

    @Test func aPatternIsShownBeforeAnythingIsRejected() {
        let lines = drawn(editor("", ["pattern": "[A-Z]+-[0-9]+"]))
        #expect(lines.contains("  format: [A-Z]+-[0-9]+"), "\(lines)")
    }

    @Test func theLengthRuleIsShown() {
        #expect(drawn(editor("", ["min_length": 4, "max_length": 20])).contains("  4–20 characters"))
        #expect(drawn(editor("", ["min_length": 4])).contains("  at least 4 characters"))
        #expect(drawn(editor("", ["max_length": 20])).contains("  at most 20 characters"))
        #expect(drawn(editor("abc")) == ["  > abc "], "no rules, no rule line")
    }

    @Test func theCountShowsNearTheMaximum() {
        let far = drawn(editor("123456789", ["max_length": 20]))
        #expect(!far.joined().contains("/20"), "\(far)")
        let near = drawn(editor("1234567890", ["max_length": 20, "pattern": "[0-9]+"]))
        #expect(near.contains("  format: [0-9]+ · at most 20 characters · 10/20"), "\(near)")
    }

    @Test func aSecretShowsItsRulesButNotItsText() {
        var view = editor("", ["secure": true, "min_length": 8])
        for character in "hunter2" { _ = view.handle(.character(character)) }
        let lines = drawn(view)
        #expect(!lines.joined().contains("hunter2"))
        #expect(lines.contains("  at least 8 characters"), "\(lines)")
        #expect(lines[0].hasPrefix("  > •••••••"))
    }

    // MARK: long lines

    @Test func aLongLineScrollsToKeepTheCursorInView() {
        let text = (0..<10).map { "word\($0)" }.joined(separator: " ")
        var view = editor(text)
        let end = view.render(width: 30, height: 10, focused: true)[0]
        #expect(DisplayWidth.of(end.text) <= 30, "\(end.text)")
        #expect(end.text.hasPrefix("  > …") && end.text.hasSuffix("word9 "), "the tail and the cursor: \(end.text)")
        #expect(end.runs.last?.style == .reverse)
        _ = view.handle(.home)
        let start = view.render(width: 30, height: 10, focused: true)[0]
        #expect(DisplayWidth.of(start.text) <= 30)
        #expect(start.text.hasPrefix("  > word0") && start.text.hasSuffix("…"), "\(start.text)")
        #expect(start.runs.contains { $0.style == .reverse && $0.text == "w" })
    }

    @Test func theScrolledWindowHoldsTheCursor() {
        let widths = Array(repeating: 1, count: 50)
        for cursor in 0...50 {
            let window = ScrolledLine(widths: widths, cursor: cursor, columns: 20)
            #expect(window.start <= cursor && (cursor < window.end || cursor == 50 && window.end == 50))
            let used =
                (window.cutsLeft ? 1 : 0) + (window.end - window.start) + (window.cutsRight ? 1 : 0)
                + (cursor == 50 ? 1 : 0)
            #expect(used <= 20, "cursor \(cursor): \(window)")
        }
        #expect(
            ScrolledLine(widths: [2, 2, 2], cursor: 3, columns: 10)
                == ScrolledLine(widths: [2, 2, 2], cursor: 0, columns: 10))
    }
}
