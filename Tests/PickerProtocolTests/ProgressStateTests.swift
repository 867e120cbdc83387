import PickerJSON
import PickerProtocol
import Testing

@Suite struct ProgressStateTests {
    /// Lines as `zenity --progress` reads them.
    @Test func inputLinesAreReadAsZenityReadsThem() {
        #expect(ProgressLine("40") == .percent(40))
        #expect(ProgressLine("  12.5 ") == .percent(12.5))
        #expect(ProgressLine("250") == .percent(100), "clamped, as zenity does")
        #expect(ProgressLine("-3") == .percent(0))
        #expect(ProgressLine("#Copying a.txt") == .text("Copying a.txt"))
        #expect(ProgressLine("# spaced") == .text("spaced"))
        #expect(
            ProgressLine("#bell\u{07}and\u{1B}[2J") == .text("bell\u{FFFD}and\u{FFFD}[2J"), "escaped, never sent raw")
        #expect(ProgressLine("#" + String(repeating: "x", count: 5000)) == .text(String(repeating: "x", count: 1024)))
        #expect(ProgressLine("") == .blank && ProgressLine("   ") == .blank)
        for malformed in ["fifty", "inf", "nan", "0x10", "1e999", "5%", "pulsate"] {
            #expect(ProgressLine(malformed[...]) == .malformed, "\(malformed)")
        }
    }

    @Test func stateIsDrawnFromWhateverValueComes() {
        #expect(ProgressState(drawing: ["percent": 42.5, "text": "a"]) == ProgressState(percent: 42.5, text: "a"))
        #expect(ProgressState(drawing: ["percent": .null]).percent == nil)
        #expect(ProgressState(drawing: ["percent": 400]).percent == 100)
        #expect(ProgressState(drawing: nil) == ProgressState(percent: 0))
        #expect(ProgressState(percent: 42.5).shownPercent == "42.5%" && ProgressState(percent: nil).shownPercent == nil)
        #expect(ProgressState(percent: 100).isComplete && !ProgressState(percent: nil).isComplete)
    }
}
