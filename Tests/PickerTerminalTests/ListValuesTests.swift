import PickerJSON
import PickerTestSupport
import Testing

@testable import PickerTerminal

/// A list with `values` (an MCP form's boolean or enum): pickerd's value is
/// the chosen value, which the view finds its row by; it sends the choice.
@Suite struct ListValuesTests {
    static let yesNo: JSON = ["choices": ["Yes", "No"], "values": [true, false], "initial": ["Yes"]]

    @Test func aBareValueStandsOnItsChoice() {
        let list = ListChoices(options: Self.yesNo, value: false)
        #expect(list.render(width: 40, height: 10, focused: true).map(\.text) == ["    Yes", "  ▸ No"])
        #expect(list.value == ["No"], "the view sends the choice, which pickerd takes as its value")
        #expect(ListChoices(options: Self.yesNo, value: ["No"]).value == ["No"], "a choice still places it")
    }

    @Test func severalValuesAreTickedNumbersAsNumbers() {
        let sizes: JSON = ["choices": ["S", "M", "L"], "values": [1, 2, 3.5], "multiple": true]
        let list = ListChoices(options: sizes, value: [3.5, 1.0])
        #expect(list.value == ["S", "L"])
    }

    @Test func aFormDrawsAListFieldAtItsValue() {
        let form: JSON = [
            "fields": [["name": "ok", "kind": "list", "label": "OK?", "required": false, "options": Self.yesNo]]
        ]
        let fields = FormFields(options: form, value: ["ok": false])
        #expect(fields.value == ["ok": ["No"]])
    }
}

/// The terminal's list finds a value's row as `ChoiceValue` matches (the shared table).
@Suite struct ListValuesMatchingTests {
    @Test(arguments: ChoiceMatchCases.all) func aValueStandsOnItsRowAsTheTableSays(_ row: ChoiceMatchCases.Case) {
        let options: JSON = ["choices": ["first choice", "second choice"], "values": ["other", row.value]]
        let places = ListChoices.places(of: row.answer, in: options, choices: ["first choice", "second choice"])
        #expect(places == (row.matches ? [1] : []))
    }
}
