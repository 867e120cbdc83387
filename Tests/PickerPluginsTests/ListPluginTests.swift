import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct ListPluginTests {
    let harness = PluginHarness()
    let one: JSONObject = ["choices": ["red", "green", "blue"]]
    let several: JSONObject = ["choices": ["red", "green", "blue", "black"], "multiple": true, "min": 1, "max": 3]

    @Test func indicesAndStringsNormalizeToStringsInListOrder() throws {
        #expect(try harness.normalize("list", one, ["green"]) == ["green"])
        #expect(try harness.normalize("list", one, [2]) == ["blue"])
        #expect(try harness.normalize("list", one, "red") == ["red"], "a bare choice is an array of one")
        #expect(try harness.normalize("list", one, 1) == ["green"], "a bare index too")
        #expect(try harness.normalize("list", several, [3, "red", 1]) == ["red", "green", "black"])
    }

    @Test func howManyArePicked() {
        #expect(harness.valueError("list", one, ["red", "blue"])?.message == "pick exactly one of the choices, not 2")
        #expect(
            harness.valueError("list", ["choices": ["only"]], [1])?.message
                == "there is no choice at index 1; the one choice has the index 0")
        #expect(harness.valueError("list", one, [])?.message == "pick exactly one of the choices, not 0")
        #expect(harness.valueError("list", several, [])?.message == "pick at least 1 of the choices, not 0")
        #expect(harness.valueError("list", several, [0, 1, 2, 3])?.message == "pick at most 3 of the choices, not 4")
        let exactlyTwo: JSONObject = ["choices": ["a", "b", "c"], "multiple": true, "min": 2, "max": 2]
        #expect(harness.valueError("list", exactlyTwo, ["a"])?.message == "pick exactly 2 of the choices, not 1")
        // Without min and max, anything from none to all.
        let any: JSONObject = ["choices": ["a", "b"], "multiple": true]
        #expect(harness.valueError("list", any, []) == nil && harness.valueError("list", any, ["a", "b"]) == nil)
    }

    @Test func unknownRepeatedOrMistypedItemsAreRejected() {
        #expect(
            harness.valueError("list", one, ["purple"])?.message
                == "'purple' is not a choice; the choices are red, green, blue")
        #expect(
            harness.valueError("list", one, [3])?.message
                == "there is no choice at index 3; the 3 choices have the indices 0–2")
        #expect(
            harness.valueError("list", one, [-1])?.message
                == "there is no choice at index -1; the 3 choices have the indices 0–2")
        #expect(harness.valueError("list", several, ["red", 0])?.message == "'red' is picked twice")
        #expect(
            harness.valueError("list", one, [true])?.message
                == "a picked item must be a choice or its index, not a boolean")
        #expect(
            harness.valueError("list", one, ["a": 1])?.message
                == "a list value must be an array of choices (strings or indices), not an object")
    }

    /// `values`: each choice's JSON value, which the list's value then is (a
    /// bare one without multiple), answered by value or by choice.
    @Test func withValuesTheValueIsTheChosenValues() throws {
        let yesNo: JSONObject = ["choices": ["Yes", "No"], "values": [true, false]]
        #expect(try harness.normalize("list", yesNo, true) == true)
        #expect(try harness.normalize("list", yesNo, [false]) == false)
        #expect(try harness.normalize("list", yesNo, ["Yes"]) == true, "a front-end sends the choice")
        #expect(try harness.normalize("list", yesNo, "No") == false)
        let sizes: JSONObject = [
            "choices": ["Small", "Large"], "values": [1, 2.5], "multiple": true,
        ]
        #expect(try harness.normalize("list", sizes, [2.5, 1.0]) == [1, 2.5], "numbers as numbers, in list order")
        #expect(try harness.normalize("list", sizes, ["Large"]) == [2.5])
        let prepared = try harness.prepare(
            "list", ["choices": ["Yes", "No"], "values": [true, false], "initial": [false]])
        #expect(prepared.initialValue == false)
        #expect(prepared.options["initial"] == ["No"] && prepared.options["values"] == [true, false])
    }

    @Test func withValuesAnythingElseIsRefusedNamingTheValues() {
        let yesNo: JSONObject = ["choices": ["Yes", "No"], "values": [true, false]]
        #expect(
            harness.valueError("list", yesNo, "yes")?.message
                == #""yes" is none of the values true, false (nor a choice: Yes, No)"#)
        #expect(
            harness.valueError("list", yesNo, 0)?.message
                == "0 is none of the values true, false (nor a choice: Yes, No); a list with values takes no index",
            "no index: an integer value would make one ambiguous")
        #expect(harness.valueError("list", yesNo, [true, false])?.message == "pick exactly one of the choices, not 2")
    }

    @Test func valuesMustTellTheChoicesApart() {
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "values": [1]])
                == "option 'values' must have one value for each of the 2 choices, not 1")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "values": [1, 1.0]])
                == "option 'values': choices 1 and 2 have the same value 1.0")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "values": ["b", "a"]])
                == #"option 'values': value 1 ("b") is the title of choice 2; an answer "b" could mean either"#)
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "values": [["x"], "y"]])
                == "option 'values': value 1 must be a string, a number or a boolean, not an array")
    }

    @Test func canonicalOptionsAndTheStartingSelection() throws {
        let single = try harness.prepare("list", one)
        #expect(single.options == ["choices": ["red", "green", "blue"], "multiple": false, "initial": ["red"]])
        #expect(single.initialValue == ["red"], "the highlight starts on the first choice")
        let checklist = try harness.prepare(
            "list", ["choices": ["a", "b", "c"], "multiple": true, "max": 10, "initial": [2, "a"]])
        #expect(
            checklist.options == [
                "choices": ["a", "b", "c"], "multiple": true, "min": 0, "max": 3, "initial": ["a", "c"],
            ])
        #expect(checklist.initialValue == ["a", "c"])
        #expect(try harness.prepare("list", ["choices": ["a", "b"], "multiple": true]).initialValue == [])
        #expect(try harness.prepare("list", ["choices": ["a", "b"], "initial": ["b"]]).initialValue == ["b"])
        // A start below min is one the person adds to.
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "multiple": true, "min": 2, "initial": ["a"]]) == nil)
    }

    @Test func badOptionsAreRefused() {
        #expect(harness.optionsError("list", [:]) == "a list needs option 'choices' with at least one choice")
        #expect(
            harness.optionsError("list", ["choices": []]) == "a list needs option 'choices' with at least one choice")
        #expect(harness.optionsError("list", ["choices": "a,b"]) == "option 'choices' must be an array, not a string")
        #expect(
            harness.optionsError("list", ["choices": ["a", "a"]])
                == "option 'choices' lists 'a' twice; choices must be distinct")
        // Read as a custom picker's column is: the wording is ChoiceTree.readColumn's.
        #expect(harness.optionsError("list", ["choices": ["a", ""]])?.contains("option 'choices'") == true)
        #expect(harness.optionsError("list", ["choices": ["a", 1]])?.contains("option 'choices'") == true)
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "max": 1])
                == "option 'max' applies only with 'multiple': true; without it exactly one choice is picked")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "min": 0])?.hasPrefix("option 'min' applies only with")
                == true)
        #expect(
            harness.optionsError("list", ["choices": ["a", "b", "c"], "multiple": true, "min": 3, "max": 2])
                == "option 'min' (3) must not be greater than option 'max' (2)")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "multiple": true, "min": 3])
                == "option 'min' is 3, but the list has only 2 choices")
        #expect(
            harness.optionsError("list", ["choices": ["a"], "multiple": true, "max": 0])
                == "option 'max' must be an integer from 1 to 10000")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "multiple": "yes"])
                == "option 'multiple' must be true or false, not a string")
        #expect(
            harness.optionsError("list", ["choices": ["a", "b"], "initial": ["a", "b"]])
                == "option 'initial': pick at most 1 of the choices, not 2")
        #expect(
            harness.optionsError(
                "list", ["choices": ["a", "b", "c"], "multiple": true, "max": 1, "initial": ["a", "b"]])
                == "option 'initial': pick at most 1 of the choices, not 2")
        #expect(
            harness.optionsError("list", ["choices": ["a"], "initial": ["z"]])
                == "option 'initial': 'z' is not a choice; the choices are a")
    }

    @Test func theListIsLimitedLikeAColumn() {
        let tooMany = JSON.array((0...PluginLimits.choicesPerColumn).map { .string("choice \($0)") })
        #expect(
            harness.optionsError("list", ["choices": tooMany])
                == "a list holds at most 10,000 choices; this one has 10,001")
        let long = String(repeating: "x", count: PluginLimits.labelLength + 1)
        #expect(
            harness.optionsError("list", ["choices": [.string(long)]])
                == "a label, choice or name holds at most 1,000 characters; a choice in option 'choices' has 1,001")
        let choices = PluginRegistry.builtIn.plugin(for: "list")?.optionsSchema["properties"]?["choices"]
        #expect(choices?["maxItems"] == 10_000 && choices?["items"]?["maxLength"] == 1_000)
    }

    /// Ten thousand choices, all picked by index: one lookup each, not a scan.
    @Test func aLargeChecklistIsReadQuickly() throws {
        let count = PluginLimits.choicesPerColumn
        let options: JSONObject = ["choices": .array((0..<count).map { .string("item \($0)") }), "multiple": true]
        let value = JSON.array((0..<count).reversed().map { .string("item \($0)") })
        let clock = ContinuousClock()
        let started = clock.now
        let normalized = try harness.normalize("list", options, value)
        #expect(normalized.arrayValue?.count == count && normalized.arrayValue?.first == "item 0")
        #expect(clock.now - started < .seconds(5))
    }
}
