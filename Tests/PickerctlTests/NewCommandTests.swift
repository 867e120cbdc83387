import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// confirm, number, choose, reload, get without an id, and --tag on list, dismiss and
/// wait: the built pickerctl against a real daemon.
@Suite(.tags(.process)) struct NewCommandTests {
    let daemon: DaemonProcess

    init() throws {
        daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    func start(_ arguments: [String], input: Bool = false) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments, input: input)
    }

    /// A window asked for with --no-wait; its id.
    func present(_ arguments: [String]) throws -> String {
        try pickerctl(arguments + ["--no-wait"]).stdout.trimmingCharacters(in: .newlines)
    }

    /// The key window's `get`, straight from the daemon.
    func keyDetails() throws -> JSON {
        let client = try TestClient(socketPath: daemon.socketPath)
        return try client.result("get", ["window": try #require(try client.result("list")["key"])])
    }

    // MARK: confirm

    @Test func confirmExits0ForYesAnd1ForNoAndPrintsNothing() throws {
        let yes = try start(["confirm", "--yes", "Deploy", "--no", "Wait"])
        try daemon.waitForWindows(1)
        let sheet = try keyDetails()
        #expect(sheet["kind"] == "actions" && sheet["title"] == "Are you sure?")
        #expect(
            sheet["options"] == [
                "actions": [["label": "Deploy", "role": "default"], ["label": "Wait", "role": "cancel"]]
            ])
        #expect(try pickerctl(["submit", "Deploy"]).status == 0)
        let confirmed = yes.finish()
        #expect(confirmed.status == 0 && confirmed.stdout.isEmpty && confirmed.stderr.isEmpty)

        let no = try start(["confirm", "--title", "Drop the table?"])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "No"]).status == 0)
        let declined = no.finish()
        #expect(declined.status == 1 && declined.stdout.isEmpty)

        let escaped = try start(["confirm"])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["cancel"]).status == 0)
        #expect(escaped.finish().status == 1, "cancelling (Escape) is no")

        let json = try start(["confirm", "--json"])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "Yes"]).status == 0)
        let outcome = json.finish()
        #expect(outcome.status == 0)
        #expect(try JSON.parse(outcome.stdout)["value"] == ["index": 0, "label": "Yes"])
    }

    @Test func confirmAtATimeoutFollowsItsDefault() throws {
        #expect(try pickerctl(["confirm", "--timeout", "200ms", "--default", "No"]).status == 1)
        #expect(try pickerctl(["confirm", "--timeout", "200ms", "--default", "Yes"]).status == 0)
        #expect(try pickerctl(["confirm", "--timeout", "200ms"]).status == 124)
        let same = try pickerctl(["confirm", "--yes", "OK", "--no", "OK"])
        #expect(same.status == 64 && same.stderr.hasPrefix("pickerctl: --yes and --no need different labels"))
    }

    // MARK: number

    @Test func theNumberIsPrintedOnItsStepWithTheScalesDecimals() throws {
        let asking = try start(["number", "--min", "-1", "--max", "1", "--step", "0.1", "--unit", "V"])
        try daemon.waitForWindows(1)
        let window = try keyDetails()
        #expect(window["kind"] == "number")
        #expect(window["options"] == ["min": -1, "max": 1, "step": 0.1, "initial": -1, "unit": "V"])
        let offTheGrid = try pickerctl(["submit", "0.35"])
        #expect(offTheGrid.status == 65 && offTheGrid.stderr.contains("the nearest is 0.4"), "\(offTheGrid.stderr)")
        #expect(try pickerctl(["submit", "0.30000000000000004"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "0.3\n" && result.stderr.isEmpty)
    }

    @Test func aBadScaleIsOneSentenceAndExits64() throws {
        let backwards = try pickerctl(["number", "--min", "5", "--max", "1"])
        #expect(backwards.status == 64)
        #expect(backwards.stderr == "pickerctl: --min (5) must not be greater than --max (1)\n")
        let notANumber = try pickerctl(["number", "--min", "0", "--max", "0x10"])
        #expect(notANumber.status == 64 && notANumber.stderr.contains("--max"))
        let defaulted = try pickerctl(["number", "--min", "0", "--max", "10", "--timeout", "1ms", "--default", "7"])
        #expect(defaulted.status == 0 && defaulted.stdout == "7\n", "--default is checked as a value: \(defaulted)")
    }

    // MARK: choose

    @Test func chooseFromArgumentsPrintsTheChosenLine() throws {
        let asking = try start(["choose", "--title", "Colour", "red", "green", "blue"])
        try daemon.waitForWindows(1)
        let window = try keyDetails()
        #expect(window["kind"] == "list")
        #expect(window["options"]?["choices"] == ["red", "green", "blue"] && window["options"]?["multiple"] == false)
        #expect(try pickerctl(["submit", "purple"]).status == 65)
        #expect(try pickerctl(["submit", "green"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "green\n" && result.stderr.isEmpty)
        let defaulted = try pickerctl(["choose", "--timeout", "200ms", "--default", "blue", "red", "blue"])
        #expect(defaulted.status == 0 && defaulted.stdout == "blue\n", "--default is one choice")
    }

    // choose --header TEXT --height N (issue 30, as gum's): list options that
    // every front-end reads, checked by pickerd and said back with the flag.

    @Test func headerAndHeightTravelAsListOptions() throws {
        let asked = try pickerctl(["choose", "--header", "Hosts in eu-west", "--height", "3", "a", "b", "--no-wait"])
        #expect(asked.status == 0, "\(asked.stderr)")
        let window = asked.stdout.trimmingCharacters(in: .newlines)
        let details = try JSON.parse(try pickerctl(["get", window]).stdout)
        #expect(details["options"]?["header"] == "Hosts in eu-west" && details["options"]?["height"] == 3)
    }

    @Test func aBadHeaderOrHeightIsOneSentenceAndExit64() throws {
        for (arguments, sentence) in [
            (["--height", "0"], "pickerctl: --height must be 1 or more"),
            (["--height", "-3"], "pickerctl: --height must be 1 or more"),
            (["--height", "10001"], "pickerctl: --height must be an integer from 1 to 10000"),
            (
                ["--header", String(repeating: "h", count: 1_001)],
                "pickerctl: a label, choice or name holds at most 1,000 characters; --header has 1,001"
            ),
        ] {
            let refused = try pickerctl(["choose"] + arguments + ["a", "b", "--no-wait"])
            #expect(refused.status == 64, "\(arguments.prefix(1)): \(refused.stderr)")
            #expect(
                refused.stderr.hasPrefix(sentence) && refused.stderr.split(separator: "\n").count == 1,
                "\(refused.stderr)")
        }
        let client = try TestClient(socketPath: daemon.socketPath)
        #expect(try client.result("list")["windows"] == [], "nothing presented")
    }

    /// Blank lines are left out, CR LF is a line break, a repeated line is offered once.
    @Test func chooseFromStandardInput() throws {
        let asking = try start(["choose"], input: true)
        try asking.write(input: "red\n\n  \ngreen light\r\nred\nblue")
        try daemon.waitForWindows(1)
        #expect(try keyDetails()["options"]?["choices"] == ["red", "green light", "blue"])
        #expect(try pickerctl(["submit", "green light"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "green light\n")
    }

    @Test func chooseMultipleFromStandardInputPrintsEachChosenLine() throws {
        let asking = try start(["choose", "--multiple", "--min", "1", "--max", "2"], input: true)
        try asking.write(input: "api\nweb\nworker\n")
        try daemon.waitForWindows(1)
        let options = try keyDetails()["options"]
        #expect(options?["multiple"] == true && options?["min"] == 1 && options?["max"] == 2)
        let tooMany = try pickerctl(["submit", "--json", #"["api", "web", "worker"]"#])
        #expect(tooMany.status == 65 && tooMany.stderr == "pickerctl: pick at most 2 of the choices, not 3\n")
        let threeValues = try pickerctl(["submit", "api", "web", "worker"])
        #expect(threeValues.status == 65, "one VALUE per chosen line: \(threeValues.stderr)")
        #expect(try pickerctl(["submit", "worker", "api"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "api\nworker\n", "in list order, one a line")

        let none = try start(["choose", "--multiple", "a", "b"])
        try daemon.waitForWindows(1)
        #expect(try pickerctl(["submit", "--json", "[]"]).status == 0)
        let nothing = none.finish()
        #expect(nothing.status == 0 && nothing.stdout.isEmpty, "nothing picked prints nothing")
    }

    @Test func chooseUsageErrors() throws {
        let cases: [([String], String)] = [
            (["choose"], "pickerctl: no choices: give them as arguments or one per line on standard input"),
            (["choose", " ", ""], "pickerctl: no choices: give them as arguments or one per line on standard input"),
            (["choose", "--min", "1", "a", "b"], "pickerctl: --min and --max need --multiple"),
            (["choose", "--max", "1", "a", "b"], "pickerctl: --min and --max need --multiple"),
            (
                ["choose", "--multiple", "--min", "3", "--max", "2", "a", "b", "c"],
                "pickerctl: --min (3) must not be greater than --max (2)"
            ),
        ]
        for (arguments, message) in cases {
            // Standard input is /dev/null: no lines.
            let result = try pickerctl(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(
                result.stderr.hasPrefix(message) && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(try JSON.parse(try pickerctl(["list", "--json"]).stdout)["windows"] == [], "no window was presented")
    }

    // MARK: reload

    @Test func reloadAppliesAGoodConfigAndExits78OnABadOne() throws {
        let path = try #require(daemon.configPath)
        try #"{"state": {"durability": "memory"}, "levels": {"urgent": 3000}}"#.write(
            toFile: path, atomically: true, encoding: .utf8)
        let reloaded = try pickerctl(["reload"])
        #expect(reloaded.status == 0 && reloaded.stdout.isEmpty && reloaded.stderr.isEmpty)
        #expect(try pickerctl(["text", "--no-wait", "--level", "urgent"]).status == 0, "the new level is known")

        try #"{"levels": {"urgent": "high"}, "colour": true}"#.write(toFile: path, atomically: true, encoding: .utf8)
        let refused = try pickerctl(["reload"])
        #expect(refused.status == 78)
        #expect(refused.stderr.hasPrefix("pickerctl: the config was not reloaded (the daemon keeps its current one): "))
        #expect(
            refused.stderr.contains("levels.urgent: expected an integer")
                && refused.stderr.contains("colour: unknown key"))
        #expect(refused.stdout.isEmpty)
        #expect(try pickerctl(["text", "--no-wait", "--level", "urgent"]).status == 0, "the old config stays")
    }

    // MARK: get

    @Test func getWithoutAnIdShowsTheKeyWindow() throws {
        let none = try pickerctl(["get"])
        #expect(none.status == 65 && none.stdout.isEmpty)
        #expect(none.stderr.hasPrefix("pickerctl: there is no key window"))
        _ = try present(["text", "--title", "Below"])
        let top = try present(["date", "--title", "Top", "--tag", "t"])
        let key = try pickerctl(["get"])
        #expect(key.status == 0)
        let details = try JSON.parse(key.stdout)
        #expect(details["window"] == .string(top) && details["title"] == "Top" && details["owner"]?["pid"] != nil)
        let json = try pickerctl(["get", "--json"])
        #expect(json.stdout == key.stdout)
        #expect(try JSON.parse(json.stdout) == (try keyDetails()), "the daemon's answer as it wrote it")
    }

    // MARK: --tag

    @Test func tagsFilterListDismissAndWait() throws {
        let first = try present(["text", "--title", "First deploy", "--tag", "deploy"])
        let other = try present(["text", "--title", "Other", "--tag", "other"])
        let second = try present(["text", "--title", "Second deploy", "--tag", "deploy"])
        let asker = try start(["text", "--title", "Untagged"])
        try daemon.waitForWindows(4)

        let tagged = try JSON.parse(try pickerctl(["list", "--json", "--tag", "deploy"]).stdout)
        #expect(tagged["windows"]?.arrayValue?.map { $0["window"] } == [.string(second), .string(first)])
        #expect(tagged["key"] != .string(second), "key stays the whole stack's")

        let table = try pickerctl(["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(table.count == 5)
        #expect(table[0].contains("TAG") && table[0].contains("PID"))
        let untagged = try #require(table.first { $0.hasSuffix("Untagged") })
        let cells = untagged.split(separator: " ").map(String.init)
        #expect(cells.suffix(3) == ["-", String(asker.pid), "Untagged"], "no tag, and the asking process: \(untagged)")
        #expect(table.contains { $0.contains(second) && $0.contains(" deploy ") })
        let deployRows = try pickerctl(["list", "--tag", "deploy"]).stdout.split(separator: "\n").map(String.init)
        #expect(
            deployRows.count == 3 && deployRows[1].hasSuffix("Second deploy") && deployRows[2].hasSuffix("First deploy")
        )

        // wait --tag waits on the top window with the tag.
        let waiting = try start(["wait", "--tag", "deploy"])
        // A fixed pause: the daemon shows nothing of a `wait` it has taken
        // (no count, no log), so only time lets it pick its window first.
        usleep(200_000)
        #expect(try pickerctl(["submit", "--window", first, "not this one"]).status == 0)
        #expect(waiting.isRunning)
        #expect(try pickerctl(["submit", "--window", second, "shipped"]).status == 0)
        let waited = waiting.finish()
        #expect(waited.status == 0 && waited.stdout == "shipped\n")
        let missing = try pickerctl(["wait", "--tag", "deploy"])
        #expect(missing.status == 65 && missing.stderr == "pickerctl: no open window has the tag 'deploy'\n")
        #expect(try pickerctl(["wait"]).status == 64)

        // dismiss --tag dismisses every open window with the tag, hidden ones too.
        let client = try TestClient(socketPath: daemon.socketPath)
        let third = try #require(
            try client.result("present", ["kind": "text", "tag": "other", "hidden": true])["window"]?.stringValue)
        let dismissed = try pickerctl(["dismiss", "--tag", "other"])
        #expect(dismissed.status == 0)
        #expect(Set(dismissed.stdout.split(separator: "\n").map(String.init)) == [other, third])
        #expect(try pickerctl(["dismiss", "--tag", "other"]).stdout.isEmpty)
        #expect(try pickerctl(["dismiss", "--tag", "other", "--all"]).status == 64)
        #expect(try JSON.parse(try pickerctl(["list", "--json"]).stdout)["windows"]?.arrayValue?.count == 1)
        #expect(try pickerctl(["dismiss", "--all"]).status == 0)
        #expect(asker.finish().status == 1)
    }

    // MARK: pickerctl ui

    /// The terminal has no view of its own for `list` yet: it must still show
    /// the window, and go on when it is answered elsewhere.
    @Test(.tags(.tmux)) func theTerminalShowsAListWindowWithoutFailing() throws {
        guard TmuxSession.tmux != nil else {
            print("skipped: needs tmux")
            return
        }
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let ui = try TmuxSession("\(pickerctl) ui --socket \(daemon.socketPath)")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
        let asking = try start(["choose", "--title", "Pick a colour", "--multiple", "red", "green"])
        #expect(try ui.waitFor("Pick a colour") != nil)
        #expect(try self.pickerctl(["submit", "--json", #"["green"]"#]).status == 0)
        #expect(asking.finish().stdout == "green\n")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
    }
}
