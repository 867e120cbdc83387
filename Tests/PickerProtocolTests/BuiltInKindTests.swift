import PickerJSON
import PickerProtocol
import Testing

/// The kind descriptor every front-end reads: how a kind is found (a preset
/// by its base), typed, printed and kept secret.
@Suite struct BuiltInKindTests {
    @Test func aPresetIsFoundByItsBaseAndAnUnknownKindByNothing() {
        #expect(BuiltInKind(kind: "date", base: nil) == .date)
        #expect(BuiltInKind(kind: "ticket", base: "text") == .text)
        #expect(BuiltInKind(kind: "shout", base: nil) == nil)
        #expect(
            BuiltInKind.allCases.map(\.name) == [
                "date", "custom", "text", "actions", "list", "form", "number", "progress", "file",
            ])
        #expect(BuiltInKind.form.optionNames == FormOption.names && BuiltInKind.list.optionNames == ListOption.names)
    }

    @Test func typedArgumentsTakeTheKindsShape() throws {
        #expect(try BuiltInKind.custom.value(typed: ["prod", "eu"]) == ["prod", "eu"])
        #expect(try BuiltInKind.list.value(typed: ["a"]) == ["a"])
        #expect(try BuiltInKind.date.value(typed: ["2026-03-04"]) == "2026-03-04")
        #expect(try BuiltInKind.form.value(typed: [#"{"who":"Ada"}"#]) == ["who": "Ada"])
        #expect(throws: TypedValueError.oneValueExpected) { try BuiltInKind.text.value(typed: ["two", "words"]) }
        #expect(throws: TypedValueError.jsonObjectExpected) { try BuiltInKind.form.value(typed: ["[1]"]) }
        #expect(try BuiltInKind.custom.value(typedAsOne: "prod\teu", separator: "\t") == ["prod", "eu"])
        #expect(try BuiltInKind.text.value(typedAsOne: "prod\teu", separator: "\t") == "prod\teu")
    }

    @Test func valuesPrintAsAScriptReadsThem() {
        #expect(BuiltInKind.custom.printed(["prod", "eu"], separator: "/") == "prod/eu")
        #expect(BuiltInKind.list.printed(["a", "b"], separator: "\n") == "a\nb")
        #expect(BuiltInKind.actions.printed(["index": 1, "label": "Deploy"], separator: "\t") == "Deploy")
        #expect(BuiltInKind.form.printed(["n": 1], separator: "\t") == #"{"n":1}"#)
        #expect(BuiltInKind.text.printed("as is", separator: "\t") == "as is")
    }

    /// A form's secret may sit in a preset field or a nested form: found by each field's base.
    @Test func aSecretIsFoundAtAnyDepthOfAForm() {
        let secure: JSON = ["secure": true]
        #expect(BuiltInKind.text.holdsSecret(options: secure))
        #expect(!BuiltInKind.text.holdsSecret(options: ["secure": false]))
        #expect(!BuiltInKind.list.holdsSecret(options: secure))
        let presetField: JSON = [
            "fields": [["name": "pin", "kind": "passcode", "base": "text", "required": true, "options": secure]]
        ]
        #expect(BuiltInKind.form.holdsSecret(options: presetField))
        let nested: JSON = ["fields": [["name": "inner", "kind": "group", "base": "form", "options": presetField]]]
        #expect(BuiltInKind.form.holdsSecret(options: nested))
        let plain: JSON = ["fields": [["name": "when", "kind": "date", "options": ["mode": "date"]]]]
        #expect(!BuiltInKind.form.holdsSecret(options: plain))
    }

    @Test func aFormFieldReadsItsBase() {
        let fields = FormField.fields(of: [
            "fields": [
                ["name": "t", "kind": "ticket", "base": "text", "label": "Ticket", "required": false], ["kind": "x"],
            ]
        ])
        #expect(fields == [FormField(name: "t", kind: "ticket", base: "text", label: "Ticket", isRequired: false)])
        #expect(fields.first?.builtInKind == .text)
    }
}
