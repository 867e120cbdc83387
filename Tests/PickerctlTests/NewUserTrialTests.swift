import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// What issue 30's new-user trial found in pickerctl's messages: the built
/// pickerctl against a real daemon.
@Suite(.tags(.process)) struct NewUserTrialTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
    }

    func pickerctl(_ arguments: [String], input: String? = nil) throws -> CommandLineProcess.Result {
        guard let input else {
            return try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
        }
        let process = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments, input: true)
        try process.write(input: input)
        return process.finish()
    }

    /// A window asked for with --no-wait; its id.
    func present(_ arguments: [String]) throws -> String {
        try pickerctl(arguments + ["--no-wait"]).stdout.trimmingCharacters(in: .newlines)
    }

    // MARK: an ended window

    @Test func answeringAnEndedWindowSaysItEndedAndExits65() throws {
        let window = try present(["text", "--title", "Name"])
        #expect(try pickerctl(["submit", "--window", window, "Ada"]).status == 0)

        let again = try pickerctl(["submit", "--window", window, "Grace"])
        #expect(again.status == 65, "refused, not a cancel (1)")
        #expect(
            again.stderr.hasPrefix("pickerctl: window \(window) has already ended: submitted at "), "\(again.stderr)")
        #expect(!again.stderr.contains("dismissed") && !again.stderr.contains("Ada"), "no value in the sentence")
        for command in ["cancel", "raise"] {
            let refused = try pickerctl([command, window])
            #expect(
                refused.status == 65 && refused.stderr.contains("has already ended: submitted at"),
                "\(command): \(refused.stderr)")
        }
    }

    @Test func getOfAnEndedWindowShowsItsOutcomeButNeverASecureValue() throws {
        let window = try present(["text", "--title", "Name"])
        #expect(try pickerctl(["submit", "--window", window, "Ada"]).status == 0)
        let shown = try pickerctl(["get", window])
        #expect(shown.status == 0, "\(shown.stderr)")
        let outcome = try JSON.parse(shown.stdout)["outcome"]
        #expect(
            outcome?["window"] == .string(window) && outcome?["reason"] == "submitted" && outcome?["value"] == "Ada")

        let secret = try present(["text", "--secure", "--title", "Password"])
        #expect(try pickerctl(["submit", "--window", secret, "--stdin"], input: "hunter2").status == 0)
        let hidden = try pickerctl(["get", secret])
        #expect(hidden.status == 0 && !hidden.stdout.contains("hunter2") && !hidden.stderr.contains("hunter2"))
        let secretOutcome = try JSON.parse(hidden.stdout)["outcome"]
        #expect(secretOutcome?["reason"] == "submitted" && secretOutcome?["value"] == nil)
    }

    // MARK: custom columns

    @Test func aCustomDefaultWithTheWrongSeparatorNamesTheSeparator() throws {
        let columns = ["custom", "--column", "prod,staging", "--column", "us,eu"]
        let refused = try pickerctl(columns + ["--default", "staging/eu", "--no-wait"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.contains("got 1: separate the columns with a tab, or pass --separator"), "\(refused.stderr)")
        let slash = try pickerctl(columns + ["--separator", ";", "--default", "staging/eu", "--no-wait"])
        #expect(slash.stderr.contains("got 1: separate the columns with ';', or pass --separator"), "\(slash.stderr)")
        let unknown = try pickerctl(columns + ["--default", "qa\teu", "--no-wait"])
        #expect(
            unknown.status == 64 && !unknown.stderr.contains("--separator"),
            "another refusal keeps its sentence: \(unknown.stderr)")

        let window = try present(columns)
        let answer = try pickerctl(["submit", "--window", window, "staging/eu"])
        #expect(answer.status == 65)
        #expect(answer.stderr.contains("got 1: give one VALUE per column"), "\(answer.stderr)")
    }

    // MARK: error polish

    @Test func usageErrorsEndOnceAndSuggestTheCommandMeant() throws {
        let option = try pickerctl(["date", "--timout", "5s"])
        #expect(option.status == 64)
        #expect(
            option.stderr.contains("Did you mean '--timeout'? See pickerctl --help.") && !option.stderr.contains("?;"),
            "\(option.stderr)")
        let command = try pickerctl(["dat"])
        #expect(command.status == 64)
        #expect(
            command.stderr == "pickerctl: unknown command 'dat'. Did you mean 'date'? See pickerctl --help.\n",
            "\(command.stderr)")
        let nothingNear = try pickerctl(["frobnicate"])
        #expect(nothingNear.status == 64 && !nothingNear.stderr.contains("Did you mean"), "\(nothingNear.stderr)")
    }

    @Test func pickerdPrefixesItsUsageErrorsWithItsName() throws {
        let refused = try CommandLineProcess.run("pickerd", ["--frobnicate"])
        #expect(refused.status == 64)
        #expect(refused.stderr.hasPrefix("pickerd: ") && !refused.stderr.contains("Error:"), "\(refused.stderr)")
    }

    @Test func setLevelWithAnUnknownLevelIsAUsageErrorAsLevelIs() throws {
        #expect(try pickerctl(["text", "--level", "urgent", "--no-wait"]).status == 64)
        let window = try present(["text"])
        let refused = try pickerctl(["set-level", window, "urgent"])
        #expect(refused.status == 64, "\(refused.stderr)")
    }

    @Test func waitTimingOutSaysTheTimeoutAsGiven() throws {
        let window = try present(["text"])
        let waited = try pickerctl(["wait", window, "--timeout", "1s"])
        #expect(waited.status == 124)
        #expect(
            waited.stderr == "pickerctl: wait timed out after 1s; window \(window) may still be open\n",
            "\(waited.stderr)")
    }

    @Test func tomorrowAndYesterdayAreRelativeDates() throws {
        let window = try present(["date", "--min", "yesterday", "--max", "tomorrow"])
        let options = try JSON.parse(try pickerctl(["get", window]).stdout)["options"]
        let today = try JSON.parse(
            try pickerctl(["get", try present(["date", "--min", "-1d", "--max", "+1d"])]).stdout)["options"]
        #expect(
            options?["min"] != nil && options?["min"] == today?["min"] && options?["max"] == today?["max"],
            "\(String(describing: options))")
    }

    // MARK: output formats from zenity

    @Test func dateFormatPrintsTheValueThroughStrftime() throws {
        let asking = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", daemon.socketPath, "date", "--mode", "datetime", "--time-zone", "Europe/Berlin", "--format",
                "%a %d/%m/%Y %H:%M %z",
            ])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "2026-03-04T14:30:00+01:00"]).status == 0)
        let printed = asking.finish()
        #expect(
            printed.status == 0 && printed.stdout == "Wed 04/03/2026 14:30 +0100\n",
            "\(printed.stdout) \(printed.stderr)")

        let day = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "date", "--format", "%j %B"])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "2026-03-04"]).status == 0)
        #expect(day.finish().stdout == "063 March\n")
        #expect(try pickerctl(["date", "--format", "%F", "--json"]).status == 64)
    }

    @Test func chooseSelectedPicksChoicesAtTheStart() throws {
        let window = try present(["choose", "--multiple", "--selected", "b", "--selected", "c", "a", "b", "c"])
        let details = try JSON.parse(try pickerctl(["get", window]).stdout)
        #expect(details["options"]?["initial"] == ["b", "c"] && details["value"] == ["b", "c"])
        let unknown = try pickerctl(["choose", "--selected", "z", "a", "b", "--no-wait"])
        #expect(unknown.status == 64 && unknown.stderr.contains("--selected: 'z' is not a choice"), "\(unknown.stderr)")
        #expect(
            try pickerctl(["choose", "--selected", "a", "--selected", "b", "a", "b"]).status == 64,
            "several need --multiple")
    }
}
