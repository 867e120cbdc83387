import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

@Suite struct ProgressPluginTests {
    let harness = PluginHarness()

    @Test func optionsDefaultAndStartAtZeroOrPulsating() throws {
        let plain = try harness.prepare("progress")
        #expect(plain.options == ["pulsate": false, "auto_close": false, "cancellable": true])
        #expect(plain.initialValue == ["percent": 0] && plain.isMovedByAsker)
        let pulsing = try harness.prepare("progress", ["pulsate": true, "cancellable": false])
        #expect(pulsing.initialValue == ["percent": .null])
        #expect(
            harness.optionsError("progress", ["pulsate": "yes"])
                == "option 'pulsate' must be true or false, not a string")
        #expect(harness.optionsError("progress", ["percent": 5])?.hasPrefix("unknown option 'percent'") == true)
    }

    @Test func valuesNormalizeToPercentAndText() throws {
        #expect(try harness.normalize("progress", [:], ["percent": 42]) == ["percent": 42])
        #expect(
            try harness.normalize("progress", [:], ["percent": 42.0, "text": "a"]) == ["percent": 42, "text": "a"])
        #expect(try harness.normalize("progress", [:], ["percent": 12.345]) == ["percent": 12.35])
        #expect(try harness.normalize("progress", [:], 7) == ["percent": 7], "a bare percent")
        #expect(try harness.normalize("progress", [:], "7.5") == ["percent": 7.5], "a numeric string")
        #expect(try harness.normalize("progress", ["pulsate": true], ["percent": .null]) == ["percent": .null])
        #expect(try harness.normalize("progress", ["pulsate": true], ["percent": 100]) == ["percent": 100])
    }

    /// Huge, NaN, negative or null percents, control characters and
    /// over-long text are refused, each with one sentence.
    @Test func hostileValuesAreRefused() {
        harness.expectRejections(
            "progress", [:],
            [
                ["percent": 1e300]: "a progress's percent must be a number from 0 to 100",
                ["percent": -0.5]: "a progress's percent must be a number from 0 to 100",
                "nan": "'nan' is not a percent",
                "inf": "'inf' is not a percent",
                "1e999": "a progress's percent must be a number from 0 to 100",
                ["percent": .null]: "a progress's percent is null only while it pulsates (option 'pulsate')",
                ["percent": "a lot"]: "'a lot' is not a percent",
                ["percent": 1, "text": "\u{1B}[2J"]: "a progress's text must be one line without control characters",
                ["percent": 1, "text": "a\u{85}b"]: "a progress's text must be one line without control characters",
                ["percent": 1, "text": .string(String(repeating: "é", count: 1025))]:
                    "a progress's text must be at most 1024 characters",
                ["percent": 1, "text": 5]: "a progress's text must be a string, not an integer",
                ["percent": 1, "done": true]: "a progress value has 'percent' and 'text', not 'done'",
                ["text": "no percent"]: "a progress value needs 'percent', like {\"percent\": 40}",
                true: "a progress's percent must be a number from 0 to 100, not a boolean",
            ])
    }

    @Test func autoCloseEndsAnUpdateAtOneHundred() throws {
        let closing = try harness.prepare("progress", ["auto_close": true])
        #expect(closing.reason(forUpdating: ["percent": 99.99]) == nil)
        #expect(closing.reason(forUpdating: ["percent": 100]) == .submitted)
        #expect(try harness.prepare("progress").reason(forUpdating: ["percent": 100]) == nil)
    }

    /// A progress is a form's field; `auto_close` and `cancellable: false`
    /// mean nothing there (the person submits or cancels the form) and are
    /// refused with a sentence naming the field.
    @Test func aFormFieldOfKindProgressStartsAtZeroAndRefusesWindowOnlyOptions() throws {
        let form = try harness.prepare("form", ["fields": [["name": "copy", "kind": "progress"]]])
        #expect(form.initialValue == ["copy": ["percent": 0]])
        #expect(form.hasAskerMovedParts && !form.isMovedByAsker)
        #expect(
            harness.optionsError(
                "form", ["fields": [["name": "copy", "kind": "progress", "options": ["auto_close": true]]]])
                == "field 'copy': 'auto_close' has no meaning in a form's field: the person submits the form, so leave it out"
        )
        #expect(
            harness.optionsError(
                "form", ["fields": [["name": "copy", "kind": "progress", "options": ["cancellable": false]]]])
                == "field 'copy': 'cancellable' has no meaning in a form's field: a form is cancelled as a whole, so leave it out"
        )
        #expect(
            harness.optionsError(
                "form",
                ["fields": [["name": "copy", "kind": "progress", "options": ["pulsate": true, "cancellable": true]]]])
                == nil)
    }

    /// A form's value merges per field: the progress field is the live one
    /// unless its asker gives it; the asker's update keeps the person's fields.
    @Test func aFormSettlesItsProgressFieldByWhoGivesTheValue() throws {
        let form = try harness.prepare(
            "form", ["fields": [["name": "notes", "kind": "text"], ["name": "copy", "kind": "progress"]]])
        let live: JSON = ["notes": "draft", "copy": ["percent": 60]]
        #expect(
            form.settled(["notes": "more", "copy": ["percent": 10]], over: live, by: .otherUpdate)
                == ["notes": "more", "copy": ["percent": 60]])
        for giver in [ValueGiver.otherUpdate, .otherAnswer] {
            #expect(
                form.settled(["notes": "more"], over: live, by: giver) == ["notes": "more", "copy": ["percent": 60]])
        }
        #expect(
            form.settled(["copy": ["percent": 70]], over: live, by: .askerUpdate)
                == ["copy": ["percent": 70], "notes": "draft"])
        #expect(
            form.settled(["notes": "done"], over: live, by: .askerAnswer)
                == ["notes": "done", "copy": ["percent": 60]])
        #expect(form.settled(["notes": "x", "copy": .null], over: live, by: .askerAnswer)["copy"] == ["percent": 60])
        #expect(
            form.settled("not an object", over: live, by: .otherUpdate) == "not an object", "the form then refuses it")
    }
}
