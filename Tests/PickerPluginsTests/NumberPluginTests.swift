import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct NumberPluginTests {
    let harness = PluginHarness()
    let tenths: JSONObject = ["min": 0, "max": 1, "step": 0.1]

    @Test func valuesNormalizeToTheirGridPointWithTheDecimalsOfMinAndStep() throws {
        #expect(try harness.normalize("number", tenths, 0.30000000000000004) == .double(0.3))
        #expect(try harness.normalize("number", tenths, "0.7") == .double(0.7), "a numeric string on submit")
        #expect(try harness.normalize("number", tenths, 1) == .integer(1), "a whole number is an integer")
        let halves: JSONObject = ["min": 0.5, "max": 10]
        #expect(try harness.normalize("number", halves, 2.5) == .double(2.5), "min 0.5 and step 1 keep the .5")
        #expect(try harness.normalize("number", ["min": -10, "max": 10, "step": 5], -5) == .integer(-5))
        let cents: JSONObject = ["min": 0, "max": 2, "step": 0.25]
        #expect(try harness.normalize("number", cents, 1.2500000001) == .double(1.25), "within a millionth of a step")
    }

    @Test func aValueOffTheScaleIsRefusedWithTheNearestStep() {
        harness.expectRejections(
            "number", tenths,
            [
                0.36: "0.36 is not on the scale's steps: from 0 in steps of 0.1, the nearest is 0.4",
                1.5: "1.5 is outside 0–1",
                -0.1: "-0.1 is outside 0–1",
                "abc": "'abc' is not a number",
                "0x1p3": "'0x1p3' is not a number",
                "inf": "'inf' is not a number",
                "nan": "'nan' is not a number",
                true: "a number value must be a number, not a boolean",
                [0.1]: "a number value must be a number, not an array",
            ])
    }

    @Test func optionsAreCheckedAndWrittenOutWhole() throws {
        #expect(
            harness.optionsError("number", ["min": 0])
                == "a number needs options 'min' and 'max', like {\"min\": 0, \"max\": 100}")
        #expect(
            harness.optionsError("number", ["min": 5, "max": 1])
                == "option 'min' (5) must not be greater than option 'max' (1)")
        #expect(
            harness.optionsError("number", ["min": 0, "max": 1, "step": 0])
                == "option 'step' must be greater than 0, not 0")
        #expect(
            harness.optionsError("number", ["min": "0", "max": 1]) == "option 'min' must be a number, not a string")
        #expect(
            harness.optionsError("number", ["min": 0, "max": 1, "unit": .string(String(repeating: "x", count: 33))])
                == "option 'unit' must be one line of at most 32 characters")
        #expect(
            harness.optionsError("number", ["min": 0, "max": 1, "step": 0.5, "initial": 0.7])
                == "option 'initial': 0.7 is not on the scale's steps: from 0 in steps of 0.5, the nearest is 0.5")
        let prepared = try harness.prepare("number", ["min": 0, "max": 100, "step": 5, "initial": 40, "unit": "%"])
        #expect(prepared.options == ["min": 0, "max": 100, "step": 5, "initial": 40, "unit": "%"])
        #expect(prepared.givenInitialValue == 40)
        let plain = try harness.prepare("number", ["min": 1, "max": 3])
        #expect(plain.options == ["min": 1, "max": 3, "step": 1, "initial": 1])
        #expect(plain.givenInitialValue == nil, "a form field the person never set is no answer")
    }

    /// Near ±1e308 the grid's arithmetic overflows: such a scale is refused
    /// when it has more steps than a double tells apart, and one that is
    /// kept writes its numbers out, never as null.
    @Test func aScaleAtTheEdgeOfDoublesIsRefusedOrKeptFinite() throws {
        #expect(
            harness.optionsError("number", ["min": -1e308, "max": 1e308, "step": 0.5])
                == "a scale from -1e+308 to 1e+308 in steps of 0.5 has more steps than a number can tell apart; use a larger 'step' (at most 2^53 steps)"
        )
        #expect(
            harness.optionsError("number", ["min": 0, "max": 1e19])?.hasPrefix("a scale from 0 to 1e+19 in steps of 1")
                == true)
        let edge = try harness.prepare("number", ["min": 1e308, "max": 1e308, "step": 0.5])
        #expect(edge.options == ["min": 1e308, "max": 1e308, "step": 0.5, "initial": 1e308])
        #expect(try harness.normalize("number", ["min": 1e308, "max": 1e308, "step": 0.5], 1e308) == .double(1e308))
    }
}
