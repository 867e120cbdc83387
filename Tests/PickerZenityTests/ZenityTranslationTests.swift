import PickerJSON
import PickerProtocol
import Testing

@testable import PickerZenity

/// zenity's command line read and its answers printed, without a daemon:
/// what the comparison suite checks end to end, here case by case.
struct ZenityTranslationTests {
    func window(_ arguments: [String], input: [String] = []) throws -> ZenityWindow {
        let commandLine = try ZenityCommandLine(parsing: arguments)
        guard case .dialog(let dialog) = commandLine.request else { throw ZenityUsageError("no dialog") }
        return try ZenityWindow(dialog, commandLine, standardInput: { input })
    }

    func submitted(_ window: ZenityWindow, _ value: JSON) -> ZenityAnswer {
        window.answer(
            to: Outcome(
                window: WindowID("w1"), reason: .submitted, value: value, by: nil, at: Timestamp(milliseconds: 0)))
    }

    @Test func usageErrorsAreZenitys() {
        #expect(throws: ZenityUsageError.syntax) { try ZenityCommandLine(parsing: ["--entry", "--bogus"]) }
        #expect(throws: ZenityUsageError.syntax) { try ZenityCommandLine(parsing: ["--entry", "--timeout=abc"]) }
        #expect(throws: ZenityUsageError.syntax) { try ZenityCommandLine(parsing: ["--entry", "--title"]) }
        #expect(throws: ZenityUsageError.syntax) { try ZenityCommandLine(parsing: ["--entry", "--hide-text=1"]) }
        #expect(throws: ZenityUsageError.noDialog) { try ZenityCommandLine(parsing: ["--title=x"]) }
        #expect(throws: ZenityUsageError.twoDialogs) { try ZenityCommandLine(parsing: ["--entry", "--info"]) }
        #expect(throws: ZenityUsageError.notSupported("entry-text")) {
            try ZenityCommandLine(parsing: ["--info", "--entry-text=x"])
        }
    }

    @Test func anOptionTakesTheNextWordEvenWithADash() throws {
        let commandLine = try ZenityCommandLine(parsing: ["--entry", "--text", "--not-an-option", "--", "--row"])
        #expect(commandLine.value("text") == "--not-an-option")
        #expect(commandLine.positional == ["--row"])
    }

    @Test func markupIsShownAsPlainText() {
        #expect(
            ZenityText.plain("<b>Disk</b> &amp; <span foreground='red'>more</span>&#33;", markup: true)
                == "Disk & more!")
        #expect(ZenityText.plain("a\\nb\\t<i>c</i>", markup: false) == "a\nb\t<i>c</i>")
        #expect(ZenityText.mnemonic("_Name with a__b") == "Name with a_b")
    }

    @Test func aListPrintsItsPrintColumnsJoinedBySeparator() throws {
        let list = try window([
            "--list", "--checklist", "--column=", "--column=Name", "--column=Size", "TRUE", "a", "1", "FALSE", "b", "2",
            "--print-column=2,3", "--separator=\\t",
        ])
        #expect(list.dialog.options[ListOption.initial] == ["a  1"])
        #expect(submitted(list, ["a  1", "b  2"]) == ZenityAnswer("a\t1\tb\t2\n", status: 0))
        #expect(submitted(list, []) == ZenityAnswer("", status: 0))
    }

    @Test func aListReadsStdinWhenItHasNoCells() throws {
        let list = try window(["--list", "--column=A", "--hide-header"], input: ["x", "x", ""])
        #expect(list.dialog.options[ListOption.choices] == ["x", "x (row 2)", " (row 3)"])
        #expect(submitted(list, ["x (row 2)"]) == ZenityAnswer("x\n", status: 0))
    }

    @Test func aQuestionsExtraButtonPrintsItsLabelAndExits1() throws {
        let question = try window(["--question", "--extra-button=Later", "--ok-label=Go"])
        #expect(submitted(question, ["index": 0, "label": "Go"]) == ZenityAnswer("", status: 0))
        #expect(submitted(question, ["index": 1, "label": "Later"]) == ZenityAnswer("Later\n", status: 1))
    }

    @Test func aPasswordWithAUsernameIsAFormPrintedUserBarPassword() throws {
        let password = try window(["--password", "--username"])
        #expect(password.dialog.kind == .form)
        #expect(submitted(password, ["username": "u", "password": "p|q"]) == ZenityAnswer("u|p|q\n", status: 0))
    }

    @Test func aCalendarPrintsThroughStrftime() throws {
        let calendar = try window(["--calendar", "--day=31", "--month=2", "--year=2024", "--date-format=%d.%m.%Y %a"])
        #expect(calendar.dialog.options[DateOption.initial] == "2024-02-29")
        #expect(submitted(calendar, "2026-03-05") == ZenityAnswer("05.03.2026 Thu\n", status: 0))
    }

    @Test func refusedDialogsSayWhy() {
        #expect(throws: ZenityUsageError.self) { try window(["--text-info"]) }
        #expect(
            throws: ZenityUsageError("--color-selection is not supported by pickerd-zenity: pickerd has no colour kind")
        ) { try window(["--color-selection"]) }
        #expect(throws: ZenityUsageError("Maximum value must be greater than minimum value.")) {
            try window(["--scale", "--min-value=5", "--max-value=5"])
        }
    }

    @Test func aProgressIsTheProgressKindPrintingNothing() throws {
        let progress = try window(["--progress", "--percentage=140", "--auto-close", "--no-cancel", "--time-remaining"])
        #expect(progress.dialog.kind == .progress && progress.title == nil)
        #expect(
            progress.dialog.options
                == JSONObject([
                    ProgressOption.pulsate: .bool(false), .autoClose: .bool(true), .cancellable: .bool(false),
                ]))
        #expect((progress.dialog as? ZenityProgress)?.start == ProgressState(percent: 100))
        #expect(submitted(progress, ["percent": 100]) == ZenityAnswer("", status: 0))
        let pulsating = try window(["--progress", "--pulsate", "--percentage=20"])
        #expect((pulsating.dialog as? ZenityProgress)?.start == ProgressState(percent: nil))
    }

    @Test func aFileSelectionIsTheFileKindPrintedWithItsSeparator() throws {
        let selection = try window([
            "--file-selection", "--multiple", "--filename=/usr/bin/env", "--separator=\\n",
            "--file-filter=Images | *.png *.jpg", "--file-filter=*.gif",
        ])
        #expect(selection.dialog.kind == .file)
        #expect(
            selection.dialog.options
                == JSONObject([
                    FileOption.root: .string("/"), .start: .string("/usr/bin"), .multiple: .bool(true),
                    .patterns: ["*.png", "*.jpg", "*.gif"],
                ]))
        // Its separator is printed as given, escapes and all, as zenity 3.44 prints it.
        #expect(submitted(selection, ["/usr", "/etc"]) == ZenityAnswer("/usr\\n/etc\n", status: 0))
        #expect(submitted(selection, ["/nonexistent/x"]).status == 1)
        #expect(ZenityFileSelection.patterns(["All | *", "*.txt"]) == [])
        let directory = try window(["--file-selection", "--directory", "--filename=/usr/"])
        #expect(
            directory.dialog.options[FileOption.start] == "/usr"
                && directory.dialog.options[FileOption.directory] == true)
        #expect(submitted(directory, "/usr/bin/env").status == 1)
        #expect(submitted(directory, "/usr") == ZenityAnswer("/usr\n", status: 0))
    }
}
