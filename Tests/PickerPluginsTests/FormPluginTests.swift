import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

@Suite struct FormPluginTests {
    let harness = PluginHarness()
    let form: JSONObject = [
        "fields": [
            ["name": "when", "kind": "date", "options": ["min": "today"]],
            ["name": "where", "kind": "custom", "options": ["columns": [["prod", "staging"], ["us", "eu"]]]],
            ["name": "who", "kind": "text", "label": "Your name", "options": ["min_length": 1]],
            ["name": "pin", "kind": "text", "required": false, "options": ["secure": true]],
            [
                "name": "then", "kind": "actions", "required": false,
                "options": ["actions": [["label": "Deploy"], ["label": "Stage"]]],
            ],
        ]
    ]

    @Test func everyFieldIsNormalizedByItsKind() throws {
        let value = try harness.normalize(
            "form", form, ["when": "+1d", "where": [1, "eu"], "who": "Ada", "pin": "1234", "then": 1])
        #expect(
            value == [
                "when": "2026-02-01", "where": ["staging", "eu"], "who": "Ada", "pin": "1234",
                "then": ["index": 1, "label": "Stage"],
            ])
    }

    @Test func optionalFieldsMayBeLeftOutRequiredOnesMayNot() throws {
        #expect(
            try harness.normalize("form", form, ["when": "today", "where": [0, 0], "who": "Ada", "pin": .null]) == [
                "when": "2026-01-31", "where": ["prod", "us"], "who": "Ada",
            ])
        let missing = harness.valueError("form", form, ["when": "today", "where": [0, 0]])
        #expect(missing == PluginRejection("field 'who' is required", field: "who"))
    }

    @Test func aFailingFieldIsNamed() {
        let error = harness.valueError("form", form, ["when": "2026-01-01", "where": [0, 0], "who": "Ada"])
        #expect(
            error
                == PluginRejection("field 'when': 2026-01-01 is before the earliest allowed, 2026-01-31", field: "when")
        )
        #expect(harness.valueError("form", form, ["when": "today", "where": ["prod"], "who": "A"])?.field == "where")
        #expect(
            harness.valueError("form", form, ["when": "today", "where": [0, 0], "who": "A", "why": "x"])
                == PluginRejection(
                    "the form has no field 'why'; its fields are when, where, who, pin, then", field: "why"))
        #expect(
            harness.valueError("form", form, ["x"])?.message
                == "a form value must be an object keyed by field name, not an array")
    }

    @Test func fieldOptionsAreCheckedAtPresentWithTheFieldName() {
        #expect(
            harness.optionsError(
                "form", ["fields": [["name": "when", "kind": "date", "options": ["min": "+1d", "max": "today"]]]])
                == "field 'when': option 'max' (2026-01-31) must not be before option 'min' (2026-02-01)")
        #expect(
            harness.optionsError("form", ["fields": [["name": "x", "kind": "form"]]])
                == "field 'x' has kind 'form'; use one of \(BuiltInKind.allCases.filter { $0 != .form }.map(\.name).joined(separator: ", "))"
        )
        #expect(
            harness.optionsError("form", ["fields": [["name": "x", "kind": "colour"]]])?.hasPrefix(
                "field 'x' has kind 'colour'") == true)
        #expect(
            harness.optionsError("form", ["fields": [["name": "a", "kind": "text"], ["name": "a", "kind": "date"]]])
                == "two fields are named 'a'; names must be unique")
        #expect(harness.optionsError("form", ["fields": []]) == "a form needs option 'fields' with at least one field")
        #expect(harness.optionsError("form", ["fields": [["kind": "text"]]]) == "field 1 needs a non-empty name")
    }

    @Test func aMistakeInAFieldNamesItsKeyPath() {
        #expect(
            harness.optionsError(
                "form", ["fields": [["name": "a", "kind": "text"], ["name": "b", "kind": "text", "label": 5]]])
                == "option 'fields[1].label' must be a string, not an integer")
        #expect(
            harness.optionsError("form", ["fields": [["name": "a", "kind": "text", "colour": "red"]]])
                == "unknown option 'fields[0].colour' for a form field; known options are name, kind, base, label, required, options"
        )
    }

    @Test func secureFieldsAreRedacted() throws {
        let picker = try harness.prepare("form", form)
        #expect(picker.redact(["who": "Ada", "pin": "1234"]) == ["who": "Ada"])
        #expect(picker.options["fields"]?.arrayValue?[2]["label"] == "Your name")
    }

    /// A form starts each field only where the asker's `initial` puts it: a
    /// list's first choice, a wheel's first rows, today or an action sheet's
    /// first action would be answers the person never gave.
    @Test func aFieldStartsOnlyWhereItsInitialPutsIt() throws {
        #expect(try harness.prepare("form", form).initialValue == [:], "no field of `form` gives an initial")
        let optional: JSONObject = [
            "fields": [
                ["name": "email", "kind": "text"],
                ["name": "n", "kind": "custom", "required": false, "options": ["columns": [["1", "2", "3"]]]],
                ["name": "ok", "kind": "list", "required": false, "options": ["choices": ["Yes", "No"]]],
                ["name": "env", "kind": "list", "required": false, "options": ["choices": ["prod", "dev"]]],
                [
                    "name": "days", "kind": "list", "required": false,
                    "options": ["choices": ["mon", "tue"], "multiple": true, "min": 1],
                ],
                ["name": "on", "kind": "date", "required": false],
                ["name": "then", "kind": "actions", "required": false, "options": ["actions": [["label": "Deploy"]]]],
            ]
        ]
        let picker = try harness.prepare("form", optional)
        #expect(picker.initialValue == [:])
        #expect(
            try picker.normalize(["email": "a@b.c"], context: harness.context) == ["email": "a@b.c"],
            "what the person gave, nothing more")
        let given: JSONObject = [
            "fields": [
                [
                    "name": "n", "kind": "custom", "required": false,
                    "options": ["columns": [["1", "2", "3"]], "initial": ["2"]],
                ],
                [
                    "name": "ok", "kind": "list", "required": false,
                    "options": ["choices": ["Yes", "No"], "initial": ["No"]],
                ],
                [
                    "name": "days", "kind": "list", "required": false,
                    "options": ["choices": ["mon", "tue"], "multiple": true, "initial": []],
                ],
                ["name": "on", "kind": "date", "required": false, "options": ["initial": "2026-03-01"]],
                ["name": "who", "kind": "text", "required": false, "options": ["initial": "Ada"]],
            ]
        ]
        #expect(
            try harness.prepare("form", given).initialValue == [
                "n": ["2"], "ok": ["No"], "days": [], "on": "2026-03-01", "who": "Ada",
            ])
    }
}
