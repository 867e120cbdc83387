import PickerJSON
import Testing

@testable import PickerTerminal

/// A list's `header` and `height` (`pickerctl choose --header --height`, as
/// gum's): the header above the rows, and at most `height` rows at once.
@Suite struct ListHeaderAndHeightTests {
    static let twelve: JSON = .array((1...12).map { .string("item\($0)") })

    @Test func theHeaderIsAboveTheChoices() {
        let list = ListChoices(options: ["choices": ["a", "b"], "header": "Pick a branch\nto deploy"], value: nil)
        let lines = list.render(width: 40, height: 20, focused: true)
        #expect(lines.map(\.text) == ["  Pick a branch", "  to deploy", "  ▸ a", "    b"])
        #expect(lines[0].runs.allSatisfy { $0.style == .bold })
    }

    @Test func heightCapsTheRowsShownAtOnce() {
        var list = ListChoices(options: ["choices": Self.twelve, "height": 4], value: nil)
        let first = list.render(width: 40, height: 30, focused: true).map(\.text)
        #expect(first == ["", "  ▸ item1", "    item2", "    item3", "    item4", "    ↓ 8 more"])
        for _ in 0..<6 { _ = list.handle(.down) }
        let scrolled = list.render(width: 40, height: 30, focused: true).map(\.text)
        #expect(scrolled.count == 6 && scrolled.contains("  ▸ item7"))
        #expect(scrolled.first == "    ↑ 4 more" && scrolled.last == "    ↓ 4 more")

        let fits = ListChoices(options: ["choices": ["a", "b", "c"], "height": 3], value: nil)
        #expect(fits.render(width: 40, height: 30, focused: true).count == 3, "no scroll lines when all show")
        let short = ListChoices(options: ["choices": Self.twelve, "height": 10], value: nil)
        #expect(short.render(width: 40, height: 6, focused: true).count == 6, "a short terminal shows fewer")
    }
}
