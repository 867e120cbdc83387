import PickerJSON
import Testing

@testable import PickerTerminal

/// A form's fields in the terminal, without a daemon: options as `get` gives
/// them (each field's `initial` filled in by its kind), the value as the form
/// kind starts it (only the asker's `initial`s).
@Suite struct FormFieldsTests {
    static let options: JSON = [
        "fields": [
            ["name": "email", "kind": "text", "required": true, "options": ["min_length": 0]],
            [
                "name": "n", "kind": "custom", "required": false,
                "options": ["columns": [["1", "2", "3"]], "initial": ["1"]],
            ],
            [
                "name": "ok", "kind": "list", "required": false,
                "options": ["choices": ["Yes", "No"], "multiple": false, "initial": ["Yes"]],
            ],
            [
                "name": "days", "kind": "list", "required": false,
                "options": ["choices": ["mon", "tue"], "multiple": true, "initial": []],
            ],
            ["name": "note", "kind": "text", "required": false],
            [
                "name": "region", "kind": "list", "required": false,
                "options": ["choices": ["us", "eu"], "multiple": false, "initial": ["eu"]],
            ],
        ]
    ]

    func form() -> FormFields {
        FormFields(options: Self.options, value: ["region": ["eu"]])
    }

    @Test func whatThePersonDidNotSetIsLeftOut() {
        var form = form()
        for character in "a@b.c" { _ = form.handle(.character(character)) }
        #expect(form.handle(.enter) == .submit)
        #expect(form.value == ["email": "a@b.c", "region": ["eu"]], "no first row, no Yes, no empty text or checklist")
    }

    @Test func anUntouchedFieldSaysItIsNotSetAndShowsNothingChosen() {
        let lines = form().render(width: 60, height: 40, focused: true).map(\.text)
        #expect(lines.contains("  ok (optional) · not set"), "\(lines)")
        #expect(!lines.contains("  region (optional) · not set"), "the asker's initial is set")
        let ok = form().render(width: 60, height: 40, focused: true).drop { !$0.text.hasPrefix("  ok") }.dropFirst()
            .prefix(2)
        #expect(
            ok.allSatisfy { line in line.runs.allSatisfy { $0.style == .dim || $0.text.allSatisfy(\.isWhitespace) } },
            "Yes does not stand out: \(ok)")
        #expect(ok.map(\.text) == ["      Yes", "      No"], "nothing is marked chosen")
    }

    @Test func aChangeOrSpaceSetsAFieldAndDeleteClearsIt() {
        var form = form()
        _ = form.handle(.tab)  // n
        #expect(form.hints.contains("Space set"))
        #expect(form.handle(.character(" ")) == .changed, "Space sets it as shown")
        #expect(form.value["n"] == ["1"])
        _ = form.handle(.tab)  // ok
        #expect(form.handle(.down) == .changed)
        #expect(form.value["ok"] == ["No"], "a move sets it")
        #expect(form.hints.contains("Del clear"))
        #expect(form.handle(.delete) == .changed)
        #expect(form.value["ok"] == nil, "Delete makes it not set again")
        _ = form.handle(.tab)  // days
        #expect(form.handle(.character(" ")) == .changed, "Space ticks a checklist's row")
        #expect(form.value["days"] == ["mon"])
        _ = form.handle(.tab)  // note
        _ = form.handle(.tab)  // region
        #expect(form.handle(.delete) == .changed)
        #expect(form.value == ["email": "", "n": ["1"], "days": ["mon"]], "a required text is sent even empty")
    }

    /// A field whose kind is a preset is drawn by the base pickerd wrote into
    /// it (date wheels here), and its value has the base's shape; a kind
    /// that is no built-in one and has no base is typed as text.
    @Test func aPresetFieldIsDrawnByItsBase() {
        let options: JSON = [
            "fields": [
                [
                    "name": "when", "kind": "deploy_day", "base": "date", "required": true,
                    "options": ["mode": "date", "initial": "2026-05-01", "time_zone": "Etc/UTC"],
                ],
                ["name": "ticket", "kind": "ticket", "required": true],
            ]
        ]
        var form = FormFields(options: options, value: nil)
        #expect(form.fields[0].view is DateWheels)
        #expect(form.fields[1].view is TextEditor)
        #expect(
            form.render(width: 60, height: 40, focused: true).map(\.text).contains("    Friday"),
            "the wheels' weekday line")
        #expect(form.handle(.down) == .changed)
        #expect(form.value["when"] == "2026-05-02")
    }

    @Test func aRequiredFieldCannotBeCleared() {
        let options: JSON = [
            "fields": [
                [
                    "name": "env", "kind": "list", "required": true,
                    "options": ["choices": ["a", "b"], "initial": ["a"]],
                ]
            ]
        ]
        var form = FormFields(options: options, value: ["env": ["a"]])
        #expect(form.handle(.delete) == .none)
        #expect(form.value == ["env": ["a"]])
    }
}

/// A form's progress field: drawn as the bar, passed by by the focus, and
/// moved only by the asker's live value (`follow`), which leaves what the
/// person typed as it is.
@Suite struct FormProgressFieldTests {
    static let options: JSON = [
        "fields": [
            ["name": "upload", "kind": "progress", "required": true, "options": ["pulsate": false]],
            ["name": "notes", "kind": "text", "required": true],
            ["name": "tag", "kind": "text", "required": false],
        ]
    ]

    @Test func theFocusPassesTheBarByAndFollowKeepsTheTyping() {
        var form = FormFields(options: Self.options, value: ["upload": ["percent": 0]])
        #expect(form.focus == 1, "the form starts on the first field the person fills in")
        for character in "hi" { _ = form.handle(.character(character)) }
        _ = form.handle(.tab)
        #expect(form.focus == 2)
        _ = form.handle(.tab)
        #expect(form.focus == 1, "Tab passes the bar by")
        _ = form.handle(.backTab)
        #expect(form.focus == 2, "so does Shift-Tab")
        form.follow(["upload": ["percent": 40, "text": "copying"], "notes": "stale"])
        #expect(form.value == ["upload": ["percent": 40, "text": "copying"], "notes": "hi"])
        let lines = form.render(width: 60, height: 40, focused: true).map(\.text)
        #expect(lines.contains { $0.contains("40%") } && lines.contains { $0.contains("copying") }, "\(lines)")
        #expect(!lines.contains { $0.contains("upload") && $0.contains("not set") }, "\(lines)")
    }
}
