import PickerJSON
import PickerProtocol
import Testing

@testable import PickerTerminal

/// The other windows under the picker, and the round Ctrl-N / Ctrl-P go.
@Suite struct OtherWindowsTests {
    func window(_ id: String, _ title: String, level: Level = .normal, state: WindowState = .visible, at seconds: Int64)
        -> WindowSummary
    {
        WindowSummary(
            window: WindowID(id), kind: "text", title: title, level: level,
            levelName: level == .alert ? "alert" : "normal",
            state: state, isKey: false, tag: nil, deadline: nil, createdAt: Timestamp(milliseconds: seconds * 1000))
    }

    @Test func theRoundGoesOldestFirstAtTheKeysLevelOnly() {
        let oldest = window("w1", "Oldest", at: 10)
        let middle = window("w2", "Middle", at: 20)
        let newest = window("w3", "Newest", at: 30)
        let hidden = window("w4", "Hidden", state: .hidden, at: 5)
        // The stack's order, top first: the newest is key.
        let others = OtherWindows(all: [newest, middle, oldest, hidden], key: newest)
        #expect(others.round.map(\.title) == ["Oldest", "Middle", "Newest"])
        #expect(others.next(forward: true) == WindowID("w1"), "after the newest comes the oldest")
        #expect(others.next(forward: false) == WindowID("w2"))
        #expect(OtherWindows(all: [newest, middle, oldest], key: oldest).next(forward: true) == WindowID("w2"))
    }

    @Test func anAlertHasNoneToSwitchToBelowIt() {
        let alert = window("w9", "Alert", level: .alert, at: 50)
        let normal = window("w1", "Normal", at: 10)
        let others = OtherWindows(all: [alert, normal], key: alert)
        #expect(others.next(forward: true) == nil)
        #expect(others.summary == "1 other window open (1 normal)")
    }

    @Test func theListIsCutWithACountAndLongTitlesEndInAnEllipsis() {
        let key = window("w0", "Key", at: 100)
        let many = (1...9).map {
            window("w\($0)", "Question \($0) " + String(repeating: "x", count: 80), at: Int64($0))
        }
        let lines = OtherWindows(all: [key] + many, key: key).lines(
            width: 60, limit: 4, now: Timestamp(milliseconds: 130_000))
        #expect(lines.count == 4)
        #expect(lines[0].text.contains("Question 1") && lines[0].text.contains("…") && lines[0].text.hasSuffix("2m 9s"))
        #expect(lines[3].text == "  … and 6 more")
        #expect(lines.allSatisfy { DisplayWidth.of($0.text) <= 60 })
    }
}

@Suite struct OddInputTests {
    @Test func aWideCharacterWiderThanTheLineStillWraps() {
        #expect(TextWrap.lines("漢字", width: 1) == ["漢", "字"], "one character a line, never a loop")
    }

    @Test func aKeyOutsideTheRoundListsTheOthersWithoutACrash() {
        let fixture = OtherWindowsTests()
        let key = fixture.window("w0", "Hidden key", state: .hidden, at: 1)
        let other = fixture.window("w1", "Other", at: 2)
        let lines = OtherWindows(all: [key, other], key: key).lines(
            width: 40, limit: 5, now: Timestamp(milliseconds: 10_000))
        #expect(lines.count == 1 && lines[0].text.contains("Other"))
    }
}

@Suite struct EndedWindowLineTests {
    let at = Timestamp(milliseconds: 0)

    @Test func eachEndingIsSaidAsAPersonWouldSayIt() {
        func said(_ reason: OutcomeReason, value: JSON? = nil, by pid: Int32? = nil) -> String {
            let outcome = Outcome(
                window: WindowID("w1"), reason: reason, value: value, by: pid.map { Peer(uid: 1000, pid: $0) }, at: at)
            return EndedWindowLine.sentence(title: "Deploy\nsecond line", outcome: outcome, ownPID: 42)
        }
        #expect(said(.submitted, value: "x", by: 42) == "“Deploy” was submitted")
        #expect(said(.submitted, value: "x", by: 7) == "“Deploy” was answered elsewhere (pid 7)")
        #expect(said(.timeout, value: "fallback") == "“Deploy” timed out; its default was used")
        #expect(said(.timeout) == "“Deploy” timed out without an answer")
        #expect(said(.dismissed, by: 7) == "“Deploy” was dismissed elsewhere (pid 7)")
        #expect(said(.ownerGone) == "“Deploy” ended: the script that asked is gone")
    }
}

@Suite struct ListChoicesTests {
    func list(_ options: JSON) -> ListChoices {
        ListChoices(options: options, value: nil)
    }

    @Test func spaceTicksOnlyWhenSeveralMayBePicked() {
        var several = list(["choices": ["a", "b", "c"], "multiple": true, "min": 1, "max": 2])
        #expect(several.rule == "pick 1–2")
        #expect(several.handle(.character(" ")) == .changed)
        #expect(several.handle(.down) == .none, "moving is not choosing")
        #expect(several.handle(.character(" ")) == .changed)
        #expect(several.value == ["a", "b"])
        #expect(several.handle(.character(" ")) == .changed)
        #expect(several.value == ["a"])

        var one = list(["choices": ["a", "b"]])
        #expect(one.handle(.character(" ")) == .none)
        #expect(one.handle(.down) == .changed)
        #expect(one.value == ["b"])
    }

    /// As in gum: Enter with nothing ticked answers the highlighted row
    /// where the rule allows one, and says so beforehand.
    @Test func enterWithNothingTickedTakesTheHighlightedRow() {
        var atLeastOne = list(["choices": ["a", "b", "c"], "multiple": true, "min": 1, "max": 2])
        _ = atLeastOne.handle(.down)
        #expect(
            atLeastOne.render(width: 60, height: 10, focused: true).last?.text.contains(
                "Enter takes the highlighted row") == true)
        #expect(atLeastOne.handle(.enter) == .submit)
        #expect(atLeastOne.value == ["b"])

        var any = list(["choices": ["a", "b"], "multiple": true])
        #expect(any.handle(.enter) == .submit)
        #expect(any.value == ["a"])

        var atLeastTwo = list(["choices": ["a", "b", "c"], "multiple": true, "min": 2, "max": 3])
        #expect(atLeastTwo.handle(.enter) == .submit)
        #expect(atLeastTwo.value == [], "one row would not do: the daemon says how many")
        #expect(!atLeastTwo.render(width: 60, height: 10, focused: true).contains { $0.text.contains("Enter takes") })

        var ticked = list(["choices": ["a", "b", "c"], "multiple": true, "min": 1, "max": 2])
        _ = ticked.handle(.character(" "))
        _ = ticked.handle(.down)
        #expect(ticked.handle(.enter) == .submit)
        #expect(ticked.value == ["a"], "what is ticked is the answer")
    }

    /// In a form, Enter sends the form: a checklist with nothing ticked stays unset.
    @Test func aFormsChecklistKeepsNothingTickedOnEnter() {
        var form = FormFields(
            options: [
                "fields": [
                    [
                        "name": "days", "kind": "list", "required": false,
                        "options": ["choices": ["mon", "tue"], "multiple": true, "initial": []],
                    ]
                ]
            ], value: nil)
        #expect(!form.render(width: 60, height: 20, focused: true).contains { $0.text.contains("Enter takes") })
        #expect(form.handle(.enter) == .submit)
        #expect(form.value == [:])
    }

    /// A tick past `max` is refused as it is made, with the reason on screen
    /// until the next key.
    @Test func aTickPastTheMostIsRefusedAtTheTick() {
        var several = list(["choices": ["a", "b", "c"], "multiple": true, "max": 2])
        for _ in 0..<2 {
            _ = several.handle(.character(" "))
            _ = several.handle(.down)
        }
        #expect(several.handle(.character(" ")) == .none)
        #expect(several.value == ["a", "b"])
        let lines = several.render(width: 60, height: 10, focused: true)
        let reason = lines.last
        #expect(reason?.text == "  ✗ at most 2 may be ticked: untick one first")
        #expect(reason?.runs.allSatisfy { $0.style == .warning } == true)
        _ = several.handle(.up)
        #expect(several.handle(.character(" ")) == .changed, "unticking is always allowed")
        #expect(several.value == ["a"])
        #expect(
            !several.render(width: 60, height: 10, focused: true).contains { $0.text.contains("✗") },
            "the reason goes with the next key")
    }

    @Test func theRuleReadsAsASentence() {
        #expect(list(["choices": ["a", "b"], "multiple": true, "min": 0, "max": 2]).rule == "pick any")
        #expect(list(["choices": ["a", "b", "c"], "multiple": true, "min": 0, "max": 2]).rule == "pick up to 2")
        #expect(list(["choices": ["a", "b", "c"], "multiple": true, "min": 2, "max": 3]).rule == "pick at least 2")
        #expect(list(["choices": ["a", "b", "c"], "multiple": true, "min": 2, "max": 2]).rule == "pick 2")
    }

    @Test func aLongListScrollsAndSaysWhatIsOutOfView() {
        var long = list(["choices": .array((1...50).map { .string("item\($0)") })])
        for _ in 0..<20 { _ = long.handle(.down) }
        let lines = long.render(width: 40, height: 10, focused: true).map(\.text)
        #expect(lines.count == 10)
        #expect(lines.first?.contains("more") == true && lines.last?.contains("more") == true)
        #expect(lines.contains { $0.contains("▸ item21") })
    }
}
