import Foundation
import PickerJSON
import Testing

@testable import PickerTerminal

/// A custom picker's columns in the terminal, without a daemon: what the
/// filter shows is what Enter answers, and what is typed is always shown.
@Suite struct CustomWheelsTests {
    static let places: JSON = [
        "labels": ["Province", "City"],
        "tree": ["Zhejiang": ["Hangzhou", "Ningbo", "Wuzhen"], "Nanyang": ["Wancheng", "Wolong"]],
    ]

    func wheels(_ options: JSON = places) -> CustomWheels {
        CustomWheels(options: options, value: nil)
    }

    func type(_ text: String, into wheels: inout CustomWheels) {
        for character in text { _ = wheels.handle(.character(character)) }
    }

    /// The highlighted row of each column, as drawn.
    func highlighted(_ wheels: CustomWheels) -> [String] {
        let lines = wheels.render(width: 80, height: 12, focused: true)
        let chosen = lines.first { line in line.runs.contains { $0.style == .reverse } }
        return chosen?.runs.filter { $0.style == .reverse || $0.style == .bold }.map {
            $0.text.trimmingCharacters(in: .whitespaces)
        } ?? []
    }

    /// Filtering the first column down to Nanyang shows Nanyang's cities, not
    /// Zhejiang's, and Enter answers the pair on screen.
    @Test func aDependentColumnFollowsTheRowTheFilterShows() {
        var wheels = wheels()
        _ = wheels.handle(.right)
        _ = wheels.handle(.down)
        _ = wheels.handle(.left)
        #expect(wheels.value == ["Zhejiang", "Ningbo"])
        type("nan", into: &wheels)
        let drawn = wheels.render(width: 80, height: 12, focused: true).map(\.text).joined(separator: "\n")
        #expect(
            !drawn.contains("Ningbo") && !drawn.contains("Hangzhou"),
            "Zhejiang's cities are not shown under Nanyang:\n\(drawn)")
        #expect(highlighted(wheels) == ["Nanyang", "Wancheng"], "\(drawn)")
        #expect(wheels.value == ["Nanyang", "Wancheng"], "the live value is what is shown")
        #expect(wheels.handle(.enter) == .submit)
        #expect(wheels.value == ["Nanyang", "Wancheng"])
    }

    /// Clearing the filter brings back what was chosen before it.
    @Test func clearingTheFilterBringsBackTheChoiceBeforeIt() {
        var wheels = wheels()
        _ = wheels.handle(.right)
        _ = wheels.handle(.down)
        _ = wheels.handle(.left)
        type("nan", into: &wheels)
        #expect(wheels.handle(.backspace) == .none, "na still shows Nanyang only")
        for _ in 0..<2 { _ = wheels.handle(.backspace) }
        #expect(wheels.value == ["Zhejiang", "Ningbo"])
        #expect(highlighted(wheels) == ["Zhejiang", "Ningbo"])
    }

    /// A filter that shows no row shows no dependent rows either, and Enter
    /// answers nothing.
    @Test func aFilterThatShowsNothingAnswersNothing() {
        var wheels = wheels()
        type("qq", into: &wheels)
        let drawn = wheels.render(width: 80, height: 12, focused: true).map(\.text).joined(separator: "\n")
        #expect(!drawn.contains("Hangzhou") && !drawn.contains("Wancheng"), "\(drawn)")
        #expect(drawn.contains("Province /qq · nothing matches"), "\(drawn)")
        #expect(wheels.handle(.enter) == .none)

        var form = FormFields(
            options: ["fields": [["name": "place", "kind": "custom", "options": Self.places]]], value: nil)
        for character in "qq" { _ = form.handle(.character(character)) }
        #expect(form.handle(.enter) == .none, "a form is not sent with a column that shows nothing either")
        _ = form.handle(.backspace)
        _ = form.handle(.backspace)
        #expect(form.handle(.enter) == .submit)
    }

    /// What is typed is shown whole, however narrow the column it filters
    /// (at 80 columns, `wu` in a City column once showed as `City /`).
    @Test func theTypedFilterIsAlwaysVisible() {
        var wheels = wheels()
        _ = wheels.handle(.right)
        type("wu", into: &wheels)
        let lines = wheels.render(width: 80, height: 12, focused: true).map(\.text)
        #expect(lines.contains { $0.contains("City /wu · 1 of 3 shown") }, "\(lines)")
        #expect(highlighted(wheels) == ["Zhejiang", "Wuzhen"])

        var four = CustomWheels(options: ["columns": [["a1", "b1"], ["a2"], ["a3"], ["a4"]]], value: nil)
        let long = String(repeating: "xyz", count: 15)
        type(long, into: &four)
        let narrow = four.render(width: 40, height: 12, focused: true).map {
            $0.text.trimmingCharacters(in: .whitespaces)
        }
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(narrow.joined().contains("/" + long), "\(narrow)")
    }
}
