import PickerCore
import PickerJSON
import PickerPlugins
import Testing

@Suite struct TextPluginTests {
    let harness = PluginHarness()

    @Test func lengthCountsCharactersNotBytes() throws {
        let options: JSONObject = ["min_length": 2, "max_length": 2]
        #expect(try harness.normalize("text", options, "日本") == "日本")
        #expect(try harness.normalize("text", options, "🇯🇵👨‍👩‍👧") == "🇯🇵👨‍👩‍👧", "a flag and a family are one character each")
        harness.expectRejections(
            "text", options,
            [
                "日本語": "the text must be at most 2 characters long (it has 3)",
                "日": "the text must be at least 2 characters long (it has 1)",
            ])
        #expect(
            harness.valueError("text", [:], .string(String(repeating: "x", count: 4097)))?.message.hasSuffix(
                "(it has 4097)") == true)
    }

    @Test func patternMustMatchTheWholeValue() throws {
        let options: JSONObject = ["pattern": "[A-Z]{3}-[0-9]+"]
        #expect(try harness.normalize("text", options, "OPS-42") == "OPS-42")
        #expect(
            harness.valueError("text", options, "OPS-42x")?.message
                == "the text does not match the required pattern [A-Z]{3}-[0-9]+")
        #expect(harness.valueError("text", options, "xOPS-42") != nil)
        #expect(try harness.normalize("text", ["pattern": "\\p{L}+"], "日本") == "日本")
    }

    @Test func anInvalidPatternIsRejectedAtPresent() {
        #expect(
            harness.optionsError("text", ["pattern": "([a-z"])?.hasPrefix(
                "option 'pattern' is not a valid regular expression") == true)
        #expect(
            harness.optionsError("text", ["pattern": .string(String(repeating: "a", count: 1001))])
                == "option 'pattern' is longer than 1000 bytes")
    }

    @Test func secureTextIsRedactedEverywhere() throws {
        let picker = try harness.prepare("text", ["secure": true, "initial": "s3cret"])
        #expect(picker.redact("s3cret") == nil)
        #expect(picker.options["initial"] == nil)
        #expect(!picker.options.serialized().contains("s3cret"))
        #expect(try harness.prepare("text", [:]).redact("visible") == "visible")
    }

    @Test func securePatternErrorsNeverEchoTheValue() {
        let error = harness.valueError(
            "text", ["secure": true, "pattern": "[0-9]{4}", "max_length": 8], "hunter2hunter2")
        #expect(error != nil)
        #expect(error?.message.contains("hunter") == false)
    }

    @Test func trimAndMultiline() throws {
        #expect(try harness.normalize("text", ["trim": true], "  Ada \n") == "Ada")
        #expect(try harness.normalize("text", [:], "  Ada ") == "  Ada ")
        #expect(
            harness.valueError("text", [:], "a\nb")?.message
                == "the text must be a single line; this picker is not multiline")
        #expect(harness.valueError("text", [:], "a\r\nb") != nil)
        #expect(try harness.normalize("text", ["multiline": true], "a\nb") == "a\nb")
        #expect(try harness.normalize("text", ["trim": true, "min_length": 1], " x ") == "x")
        #expect(
            harness.valueError("text", ["trim": true, "min_length": 1], "   ")?.message
                == "the text must be at least 1 characters long (it has 0)")
    }

    @Test func badOptionsAreRejected() {
        #expect(
            harness.optionsError("text", ["min_length": 5, "max_length": 4])
                == "option 'min_length' (5) must not be greater than option 'max_length' (4)")
        #expect(
            harness.optionsError("text", ["max_length": 0])
                == "option 'max_length' must be an integer from 1 to 1048576")
        #expect(
            harness.optionsError("text", ["secure": "yes"]) == "option 'secure' must be true or false, not a string")
        #expect(
            harness.optionsError("text", ["initial": "a\nb"])
                == "option 'initial' has a line break, but the picker is not multiline")
        #expect(
            harness.optionsError("text", ["initial": "abc", "max_length": 2])
                == "option 'initial' is longer than option 'max_length' (2 characters)")
        #expect(harness.valueError("text", [:], true)?.message == "a text value must be a string, not a boolean")
        #expect(harness.valueError("text", [:], 42)?.message == "a text value must be a string, not an integer")
    }

    /// With `takes_numbers`, as the number kind takes a numeric string: an MCP
    /// form's number typed as text is answered by a script with the number itself.
    @Test func aNumberIsTakenAsItsTextWhenAsked() throws {
        let number: JSONObject = [
            "pattern": #"-?[0-9]+(\.[0-9]+)?"#, "pattern_description": "a number", "takes_numbers": true,
        ]
        #expect(try harness.normalize("text", ["takes_numbers": true], 42) == "42")
        #expect(try harness.normalize("text", number, 0.25) == "0.25")
        #expect(try harness.normalize("text", number, -3) == "-3")
        #expect(harness.valueError("text", number, 1e300)?.message == "the text is not a number")
    }
}
