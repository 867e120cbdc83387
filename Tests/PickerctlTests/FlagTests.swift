import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Flags work as written (DESIGN.md, "pickerctl: the contract scripts depend
/// on"): --default is the kind's value as typed, values may start with a
/// minus, and a bad flag value is a usage error (64) said with the flag, in
/// one sentence, counting from 1.
extension PickerctlTests {
    /// The options pickerd holds for a window presented with --no-wait.
    func options(of arguments: [String]) throws -> JSON? {
        let presented = try pickerctl(arguments + ["--no-wait"])
        #expect(presented.status == 0, "\(arguments): \(presented.stderr)")
        let window = presented.stdout.trimmingCharacters(in: .newlines)
        return try JSON.parse(try pickerctl(["get", window]).stdout)["options"]
    }

    /// The example of `present --help`: the text 1234, not the number.
    @Test func defaultIsTheKindsValueAsTyped() throws {
        let example = try pickerctl([
            "present", "text", "--options", #"{"pattern":"[0-9]{4}"}"#, "--default", "1234", "--timeout", "200ms",
        ])
        #expect(example.status == 0 && example.stdout == "1234\n" && example.stderr.isEmpty, "\(example.stderr)")
        let null = try pickerctl(["text", "--default", "null", "--timeout", "200ms", "--json"])
        #expect(null.status == 0)
        #expect(try JSON.parse(null.stdout)["value"] == "null", "--default null is the text null")
        let custom = try pickerctl([
            "custom", "--column", "prod,staging", "--column", "us,eu", "--separator", "/", "--default", "staging/eu",
            "--timeout", "200ms", "--json",
        ])
        #expect(
            try JSON.parse(custom.stdout)["value"] == ["staging", "eu"], "one choice per column, split on --separator")
        let action = try pickerctl([
            "actions", "--action", "Save", "--action", "Discard:destructive", "--default", "Discard", "--timeout",
            "200ms",
        ])
        #expect(action.status == 0 && action.stdout == "Discard\n")
        let date = try pickerctl(["date", "--default", "2026-01-02", "--timeout", "200ms"])
        #expect(date.status == 0 && date.stdout == "2026-01-02\n")
    }

    /// A preset's --default is shaped by its base: one choice per column.
    @Test func aPresetsDefaultIsShapedByItsBase() throws {
        let daemon = try DaemonProcess.withPresets(["target": PickerctlTests.twoColumnPreset])
        let result = try CommandLineProcess.run(
            "pickerctl",
            ["--socket", daemon.socketPath, "present", "target", "--default", "staging\teu", "--timeout", "200ms"])
        #expect(result.status == 0 && result.stdout == "staging\teu\n", "\(result.stderr)")
    }

    @Test func defaultJSONPassesJSON() throws {
        let text = try pickerctl(["text", "--default-json", #""1234""#, "--timeout", "200ms"])
        #expect(text.status == 0 && text.stdout == "1234\n")
        let custom = try pickerctl([
            "custom", "--column", "prod,staging", "--column", "us,eu", "--default-json", #"["prod","eu"]"#, "--timeout",
            "200ms",
        ])
        #expect(custom.status == 0 && custom.stdout == "prod\teu\n")
        let both = try pickerctl(["text", "--default", "a", "--default-json", #""b""#])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("pickerctl: give --default (the value as typed) or --default-json, not both"))
        let null = try pickerctl(["text", "--default-json", "null"])
        #expect(null.status == 64)
        #expect(
            null.stderr.hasPrefix(
                "pickerctl: --default-json null is not a default; leave --default-json out for no default"))
        let broken = try pickerctl(["text", "--default-json", "{"])
        #expect(
            broken.status == 64
                && broken.stderr == "pickerctl: --default-json is not valid JSON: unexpected end of input\n")
        try waitForWindows(0)
    }

    @Test func valuesThatStartWithAMinusAreTakenAsWritten() throws {
        let bounds = try options(of: ["date", "--min", "-2w", "--max", "+2w", "--initial", "-1d"])
        #expect(bounds?["min"]?.stringValue != nil && bounds?["initial"]?.stringValue != nil)
        let pattern = try options(of: ["text", "--pattern", "-?[0-9]+", "--initial", "-5"])
        #expect(pattern?["pattern"] == "-?[0-9]+" && pattern?["initial"] == "-5")
        let level = try pickerctl(["text", "--level", "-5", "--no-wait"]).stdout.trimmingCharacters(in: .newlines)
        #expect(try JSON.parse(try pickerctl(["get", level]).stdout)["level"] == -5)
        _ = try pickerctl(["dismiss", "--all"])

        let text = try start(["text"])
        try waitForWindows(1)
        let negative = try pickerctl(["submit", "-5"])
        #expect(negative.status == 0 && negative.stderr.isEmpty, "\(negative.stderr)")
        #expect(text.finish().stdout == "-5\n")

        let time = try start(["date", "--mode", "time"])
        try waitForWindows(1)
        let relative = try pickerctl(["submit", "-30min"])
        #expect(relative.status == 0 && relative.stderr.isEmpty, "\(relative.stderr)")
        #expect(time.finish().status == 0)

        // A mistyped option is not sent as a value; after -- it is one.
        let dashes = try start(["text"])
        try waitForWindows(1)
        let mistyped = try pickerctl(["submit", "--windw", "w1", "x"])
        #expect(mistyped.status == 64)
        #expect(
            mistyped.stderr.hasPrefix("pickerctl: unknown option '--windw' (a VALUE that starts with -- goes after --)")
        )
        #expect(try pickerctl(["submit", "--", "--windw"]).status == 0)
        #expect(dashes.finish().stdout == "--windw\n")

        let help = try pickerctl(["submit", "-h"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: pickerctl submit"))
    }

    /// One sentence, the contract's status, and no Swift debug text.
    @Test func badJSONInAFlagIsOneSentence() throws {
        let cut = try pickerctl(["present", "text", "--options", #"{"pattern":"#])
        #expect(cut.status == 64)
        #expect(cut.stderr == "pickerctl: --options is not valid JSON: unexpected end of input\n")
        let wrong = try pickerctl(["present", "text", "--options", #"{"pattern" 1}"#])
        #expect(wrong.status == 64)
        #expect(
            wrong.stderr == "pickerctl: --options is not valid JSON: expected ':' after an object key at byte 12\n",
            "counted from 1")
        let tree = try pickerctl(["custom", "--tree", #"{"a":"#])
        #expect(tree.status == 64 && tree.stderr == "pickerctl: --tree is not valid JSON: unexpected end of input\n")
        for result in [cut, wrong, tree] {
            #expect(
                !result.stderr.contains("CommandFailure") && !result.stderr.contains("Optional")
                    && result.stdout.isEmpty)
        }
    }

    /// pickerd refuses these; pickerctl says so with the flag that was typed.
    @Test(arguments: [
        (["date", "--mode", "week"], "--mode must be date, time or datetime, not 'week'"),
        (
            ["text", "--level", "urgent"],
            "--level: unknown level 'urgent'; use one of normal, statusBar, alert or an integer in [-100000, 100000]"
        ),
        (["text", "--max-length", "0"], "--max-length must be an integer from 1 to 1048576"),
        (
            ["text", "--min-length", "5", "--max-length", "3"],
            "--min-length (5) must not be greater than --max-length (3)"
        ),
        (
            ["date", "--mode", "time", "--minute-interval", "7"],
            "--minute-interval must divide 60 and be at most 30: one of 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30"
        ),
        (["date", "--minute-interval", "5"], "--minute-interval applies to the time and datetime modes only"),
        (
            ["date", "--time-zone", "Mars/Base"],
            "unknown time zone 'Mars/Base' in --time-zone; use an IANA name such as Europe/Berlin"
        ),
        (
            ["custom", "--column", "a,b", "--label", "A", "--label", "B"],
            "--label must hold 1 string, one per component"
        ),
        (
            ["date", "--min", "2026-01-02", "--max", "2026-01-01"],
            "--max (2026-01-01) must not be before --min (2026-01-02)"
        ),
        (
            ["text", "--pattern", "[0-9]{4}", "--default", "12"],
            "--default: the text does not match the required pattern [0-9]{4}"
        ),
        (["text", "--timeout", "30d"], "--timeout may be at most 604800s (pickerd's timeouts.max_ms)"),
        (["custom", "--column", "a,,b"], "choice 2 of column 1 is empty"),
        (["present", "form", "--options", #"{"fields":[{"kind":"text"}]}"#], "field 1 needs a non-empty name"),
        (
            ["present", "actions", "--options", #"{"actions":[{"label":"a"},{"label":""}]}"#],
            "action 2 needs a non-empty label"
        ),
    ])
    func aFlagValuePickerdRefusesIsAUsageError(arguments: [String], sentence: String) throws {
        let result = try pickerctl(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == "pickerctl: \(sentence)\n")
        try waitForWindows(0)
    }

    @Test func theOnDisconnectFlagTakesKeepOrDismiss() throws {
        let result = try pickerctl(["text", "--on-disconnect", "never"])
        #expect(result.status == 64 && result.stderr.hasPrefix("pickerctl: --on-disconnect must be keep or dismiss"))
    }

    @Test func aMistypedRoleIsAUsageError() throws {
        let result = try pickerctl(["actions", "--action", "Go", "--action", "Cancel:cancle"])
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "pickerctl: --action 'Cancel:cancle' has the role 'cancle'; the roles are default, cancel and destructive (a label that ends in ':cancle' is written 'Cancel:cancle:')"
            ))
        try waitForWindows(0)
        let sheet = try options(of: [
            "actions", "--action", "Mode:auto:", "--action", "Ratio 16:9", "--action", "Note: see the log", "--action",
            "Stop:cancel",
        ])
        #expect(
            sheet?["actions"]
                == [
                    ["label": "Mode:auto"], ["label": "Ratio 16:9"], ["label": "Note: see the log"],
                    ["label": "Stop", "role": "cancel"],
                ])
    }

    /// pickerd's own exit statuses, with their sysexits meaning.
    @Test func pickerdsHelpNamesItsExitStatuses() throws {
        let help = try DaemonProcess.run(["--help"])
        #expect(help.status == 0)
        for text in [
            "0 stopped cleanly", "1 it could not start", "64 [EX_USAGE]", "70 [EX_SOFTWARE]", "78 [EX_CONFIG]",
            "--check-config found",
        ] {
            #expect(help.output.contains(text), "\(text)")
        }
    }
}

extension PickerctlTests {
    /// The deadline pickerd holds for a window presented with these flags, in
    /// seconds from its creation; nil when it has none.
    func deadlineSeconds(_ arguments: [String]) throws -> Int64? {
        let presented = try pickerctl(["text", "--no-wait"] + arguments)
        #expect(presented.status == 0, "\(arguments): \(presented.stderr)")
        let window = presented.stdout.trimmingCharacters(in: .newlines)
        let summary = try JSON.parse(try pickerctl(["get", window]).stdout)
        guard let deadline = summary["deadline"]?.stringValue, let created = summary["created_at"]?.stringValue else {
            return nil
        }
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        func instant(_ text: String) throws -> Date {
            try #require(format.date(from: text) ?? ISO8601DateFormatter().date(from: text))
        }
        return Int64(try instant(deadline).timeIntervalSince(try instant(created)).rounded())
    }

    @Test func durationsTakeDaysCombinationsAndZero() throws {
        #expect(try deadlineSeconds(["--timeout", "1h30m"]) == 5400)
        #expect(try deadlineSeconds(["--timeout", "2d"]) == 172_800)
        #expect(try deadlineSeconds(["--timeout", "90"]) == 90, "bare seconds")
        #expect(try deadlineSeconds(["--timeout", "0"]) == nil, "0 is no timeout")
        let bad = try pickerctl(["text", "--timeout", "5 minutes"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("write a duration like 500ms, 30s, 5m, 1h, 2d or 1h30m"), "\(bad.stderr)")
    }
}
