import PickerJSON
import Testing

@testable import PickerTerminal

/// The number slider's keys and drawing, without a daemon: options as `get` gives them.
@Suite struct NumberSliderTests {
    let percent: JSON = ["min": 0, "max": 100, "step": 5, "initial": 40, "unit": "%"]

    @Test func arrowsStepAndPagesMoveATenth() {
        var view = NumberSlider(options: percent, value: nil)
        #expect(view.value == 40)
        #expect(view.handle(.right) == .changed)
        #expect(view.value == 45)
        #expect(view.handle(.pageDown) == .changed)
        #expect(view.value == 35, "a tenth of 20 steps is 2 steps")
        _ = view.handle(.end)
        #expect(view.value == 100)
        #expect(view.handle(.right) == .none, "nothing past the end")
        _ = view.handle(.home)
        #expect(view.value == 0)
    }

    @Test func aTypedNumberGoesToTheNearestStep() {
        var view = NumberSlider(options: percent, value: nil)
        for digit in "62" { _ = view.handle(.character(digit)) }
        #expect(view.render(width: 40, height: 5, focused: true).map(\.text).last?.hasPrefix("  62▏ %") == true)
        #expect(view.value == 40, "typing is not yet the value")
        #expect(view.handle(.enter) == .submit)
        #expect(view.value == 60)
    }

    @Test func decimalsAreDrawnAsTheStepHasThem() throws {
        let view = NumberSlider(options: ["min": 0, "max": 1, "step": 0.25, "initial": 0.5], value: nil)
        let lines = view.render(width: 30, height: 5, focused: false).map(\.text)
        #expect(lines[0].hasPrefix("  0.00 ├") && lines[0].hasSuffix("┤ 1.00"))
        #expect(lines[1] == "  0.50")
    }
}
