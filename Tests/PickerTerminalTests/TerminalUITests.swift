import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl ui` in tmux against a real daemon, with pickerctl asking beside it.
@Suite(.tags(.process, .tmux)) struct TerminalUITests: TerminalFrontEndSuite {
    let frontEnd: TerminalFrontEnd

    @Test func typingANameAndEnterAnswersATextPicker() throws {
        let asking = try ask(["text", "--title", "Your name"])
        #expect(try ui.waitFor("Your name") != nil)
        try ui.type("Ada")
        #expect(try ui.waitFor("> Ada") != nil)
        try expectAnswer(asking, "Ada\n")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
    }

    @Test func dateWheelsStepByDay() throws {
        let asking = try ask(["date", "--title", "When", "--initial", "2026-03-10"])
        #expect(try ui.waitFor("When") != nil)
        try ui.send("Down", "Down")
        #expect(try ui.waitFor("12") != nil)
        try ui.send("Enter")
        #expect(asking.finish().stdout == "2026-03-12\n")
    }

    @Test func customColumnsAndDependentTrees() throws {
        let asking = try ask(["custom", "--title", "Target", "--column", "prod,staging,dev", "--column", "us,eu"])
        #expect(try ui.waitFor("Target") != nil)
        try ui.send("Down", "Right", "Down", "Enter")
        #expect(asking.finish().stdout == "staging\teu\n")

        let tree = try ask([
            "custom", "--title", "Place", "--tree",
            #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing","Suzhou"]}"#,
        ])
        #expect(try ui.waitFor("Place") != nil)
        try ui.send("Right", "Down")
        #expect(try ui.waitFor("Ningbo") != nil)
        try ui.send("Left", "Down")
        // Moving the parent puts the child back on its first row.
        let screen = try #require(try ui.waitFor("Nanjing"))
        #expect(screen.contains("Jiangsu"))
        try ui.send("Enter")
        #expect(tree.finish().stdout == "Jiangsu\tNanjing\n")
    }

    /// Choices as wide as they are, within the terminal; no made-up header.
    @Test func longChoicesAreShownInFull() throws {
        let first = "Restart the web tier and keep the caches"
        let second = "Restart the web tier at once and drop it"
        let asking = try ask(["custom", "--title", "Which restart", "--column", "\(first),\(second)"])
        let screen = try #require(try ui.waitFor("Which restart"))
        #expect(screen.contains(first) && screen.contains(second), "\(screen)")
        #expect(!screen.contains("column 1"))
        try ui.send("Down", "Enter")
        #expect(asking.finish().stdout == second + "\n")
    }

    @Test func titlesAndMessagesKeepTheirLinesAndWrap() throws {
        let long = (1...48).map { "word\($0)" }.joined(separator: " ") + " lastword"
        #expect(long.count >= 330, "as long as the message that once hid its instruction")
        let asking = try ask([
            "text", "--title", "First title line\nsecond title line", "--message", "one line\nanother line\n" + long,
        ])
        let screen = try #require(try ui.waitFor("lastword"), "the long message's last word is on screen")
        #expect(screen.contains("First title line") && screen.contains("second title line"))
        #expect(screen.contains("one line") && screen.contains("another line"))
        #expect(screen.contains("word40"))
        try ui.send("Escape")
        #expect(asking.finish().status == 1)
    }

    /// Typing filters what is shown; it never submits a choice off the
    /// screen, nor throws away what was chosen in the next column.
    @Test func theFilterNeverAnswersWhatItHides() throws {
        let asking = try ask([
            "custom", "--title", "Place", "--tree", #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}"#,
        ])
        #expect(try ui.waitFor("Place") != nil)
        try ui.send("Right", "Down")
        #expect(try ui.waitFor("Ningbo") != nil)
        try ui.send("Left")
        try ui.type("qq")
        #expect(try ui.waitFor("/qq") != nil)
        try ui.send("Enter")
        try ui.send("BSpace", "BSpace")
        try ui.type("zh")
        #expect(try ui.waitFor("/zh") != nil)
        #expect(asking.isRunning, "Enter with nothing shown answers nothing")
        try ui.send("Enter")
        #expect(asking.finish().stdout == "Zhejiang\tNingbo\n", "the city chosen is kept")
    }

    @Test func theMinuteWheelIsLabelledMin() throws {
        let asking = try ask(["date", "--mode", "time", "--title", "When"])
        let screen = try #require(try ui.waitFor("When"))
        #expect(screen.contains("hour") && screen.contains("min") && !screen.contains("minut"), "\(screen)")
        try ui.send("Escape")
        #expect(asking.finish().status == 1)
    }

    @Test func onlyHiddenWindowsAreSaidToBeHidden() throws {
        let presented = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "text", "--no-wait"])
        let window = presented.stdout.trimmingCharacters(in: .newlines)
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "hide", window]).status == 0)
        let screen = try #require(try ui.waitFor("1 hidden window open"))
        #expect(screen.contains("No picker is waiting.") && !screen.contains("other window"))
    }

    /// A preset is drawn as the kind it is made from: two wheels, not a text box.
    @Test func aTwoColumnPresetIsAnsweredWithItsWheels() throws {
        let presets = try DaemonProcess.withPresets([
            "target":
                #"{"kind": "target", "base": "custom", "title": "Target", "options": {"columns": [["prod", "staging"], ["us", "eu"]]}}"#
        ])
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let ui = try TmuxSession("\(pickerctl) ui --socket \(presets.socketPath)")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
        let asking = try CommandLineProcess("pickerctl", ["--socket", presets.socketPath, "present", "target"])
        #expect(try ui.waitFor("staging") != nil)
        try ui.send("Down", "Right", "Down", "Enter")
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "staging\teu\n")
    }

    /// A form field of a preset kind is drawn by its base, which pickerd
    /// writes into the form's options: date wheels and a list's rows, not
    /// text boxes, and the value comes back in the bases' shapes.
    @Test func aPresetFormFieldIsAnsweredWithItsBasesView() throws {
        let frontEnd = try TerminalFrontEnd(
            daemon: try DaemonProcess.withPresets([
                "deploy_day":
                    #"{"kind": "deploy_day", "base": "date", "title": "Deploy day", "options": {"initial": "2026-05-01"}}"#,
                "region":
                    #"{"kind": "region", "base": "list", "title": "Region", "options": {"choices": ["us", "eu"]}}"#,
            ]))
        let asking = try frontEnd.ask([
            "form", "--title", "Release", "--field", "when:deploy_day", "--field", "where:region",
        ])
        let screen = try #require(try frontEnd.ui.waitFor("Friday"), "the wheels' weekday for 2026-05-01")
        #expect(screen.contains("month") && screen.contains("eu"), "\(screen)")
        try frontEnd.ui.send("Down")
        #expect(try frontEnd.ui.waitFor("Saturday") != nil)
        try frontEnd.ui.send("Tab", "Down", "Enter")
        let result = asking.finish()
        #expect(result.status == 0)
        #expect(try JSON.parse(result.stdout) == ["when": "2026-05-02", "where": ["eu"]], "\(result.stdout)")
    }

    @Test func anAlertTakesTheScreenAndTheNormalOneReturns() throws {
        let normal = try ask(["text", "--title", "Routine question"])
        #expect(try ui.waitFor("Routine question") != nil)
        try ui.type("keep")
        let alert = try ask([
            "actions", "--title", "Disk almost full", "--level", "alert", "--action", "Clean up", "--action",
            "Later:cancel",
        ])
        let shown = try #require(try ui.waitFor("Disk almost full"))
        #expect(shown.contains("[alert]") && shown.contains("1 other window open (1 normal)"))
        // Keys wait a moment after a takeover.
        #expect(try ui.waitFor("Enter submit") != nil)
        try ui.send("Escape")
        #expect(alert.finish().status == 1, "Escape chose the cancel action")
        // As the key window again, not only in the list of the others.
        let back = try #require(try ui.waitFor("[normal] Routine question"))
        #expect(back.contains("> keep"), "the normal window comes back with what was typed")
        try ui.send("Enter")
        #expect(normal.finish().stdout == "keep\n")
    }

    @Test func secureTextIsNeverShown() throws {
        let asking = try ask(["text", "--title", "Password", "--secure"])
        #expect(try ui.waitFor("Password") != nil)
        try ui.type("s3cr3t")
        let screen = try #require(try ui.waitFor("••••••"))
        #expect(!screen.contains("s3cr3t"))
        try ui.send("Enter")
        #expect(asking.finish().stdout == "s3cr3t\n")
    }

    @Test func aRejectedValueShowsTheMessageAndKeepsTheWindow() throws {
        let asking = try ask(["text", "--title", "Ticket", "--pattern", "[A-Z]+-[0-9]+"])
        #expect(try ui.waitFor("Ticket") != nil)
        try ui.type("OPS-x")
        try ui.send("Enter")
        #expect(try ui.waitFor("does not match the required pattern") != nil)
        #expect(asking.isRunning)
        try ui.send("BSpace")
        try ui.type("42")
        try ui.send("Enter")
        #expect(asking.finish().stdout == "OPS-42\n")
    }

    @Test func wideCharactersAlignAndResizeRedraws() throws {
        let asking = try ask(["custom", "--title", "选择城市 city", "--column", "北京,上海,广州", "--timeout", "1h"])
        let screen = try #require(try ui.waitFor("选择城市"))
        let header = try #require(screen.split(separator: "\n").first { $0.contains("选择城市") })
        #expect(
            header.hasSuffix("59m 59s") || header.hasSuffix("1h"), "the countdown sits at the right edge: \(header)")
        #expect(screen.contains("北京") && screen.contains("上海"))
        try ui.resize(width: 60, height: 20)
        let narrow = try #require(try ui.waitFor("选择城市"))
        let narrowHeader = try #require(narrow.split(separator: "\n").first { $0.contains("选择城市") })
        #expect(narrowHeader.count < 60, "redrawn for the narrower window")
        try ui.resize(width: 24, height: 8)
        let tiny = try ui.screen()
        #expect(tiny.split(separator: "\n").allSatisfy { $0.count <= 24 }, "clipped, never wrapped")
        try ui.resize(width: 100, height: 30)
        #expect(try ui.waitFor("北京") != nil)
        try ui.send("Down", "Enter")
        #expect(asking.finish().stdout == "上海\n")
    }

    @Test func aFormIsAnsweredFieldByField() throws {
        let asking = try ask([
            "form", "--title", "Release", "--field", #"when:date:{"initial":"2026-05-01"}"#,
            "--field", #"env:custom:{"columns":[["prod","staging"]]}"#, "--field", "who:text",
        ])
        #expect(try ui.waitFor("Release") != nil)
        try ui.send("Down")
        try ui.send("Tab", "Down")
        try ui.send("Tab")
        try ui.type("Ada")
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0)
        #expect(try JSON.parse(result.stdout) == ["when": "2026-05-02", "env": ["staging"], "who": "Ada"])
    }

    /// Only the email typed, then Enter: no optional field the person left
    /// alone comes back (no first row, no Yes, no first choice); Delete
    /// leaves out one the asker had set.
    @Test func aFormGivesOnlyTheFieldsThePersonSet() throws {
        let fields: JSON = [
            "fields": [
                ["name": "email", "kind": "text"],
                ["name": "n", "kind": "custom", "required": false, "options": ["columns": [["1", "2", "3"]]]],
                ["name": "ok", "kind": "list", "required": false, "options": ["choices": ["Yes", "No"]]],
                [
                    "name": "env", "kind": "list", "required": false,
                    "options": ["choices": ["prod", "dev"], "initial": ["dev"]],
                ],
            ]
        ]
        let asking = try ask(["present", "form", "--title", "Optional", "--options", fields.description])
        #expect(try ui.waitFor("ok (optional) · not set") != nil)
        try ui.type("a@b.c")
        try ui.send("BTab", "DC")
        #expect(try ui.waitFor("env (optional) · not set") != nil)
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0)
        #expect(try JSON.parse(result.stdout) == ["email": "a@b.c"], "\(result.stdout)")
    }

    @Test func liveSelectionIsVisibleToOthers() throws {
        let asking = try ask(["date", "--no-wait", "--initial", "2026-03-10", "--title", "Live"])
        let id = asking.finish().stdout.trimmingCharacters(in: .newlines)
        #expect(try ui.waitFor("Live") != nil)
        try ui.send("Down")
        let client = try TestClient(socketPath: daemon.socketPath)
        try eventually("the selection to reach the daemon") {
            try client.result("get", ["window": .string(id)])["value"] == "2026-03-11"
        }
    }
    /// A message longer than the screen is never cut silently: it scrolls.
    @Test func aMessageLongerThanTheScreenScrolls() throws {
        try ui.resize(width: 60, height: 16)
        let message =
            (1...14).map { "line \($0) of the long message" }.joined(separator: "\n") + "\nthe final instruction"
        let asking = try ask(["text", "--title", "Long", "--message", message])
        let first = try #require(try ui.waitFor("more below"))
        #expect(
            first.contains("line 1 of") && !first.contains("the final instruction") && first.contains("\n  >"),
            "\(first)")
        for _ in 0..<10 { try ui.send("C-Down") }
        let last = try #require(try ui.waitFor("the final instruction"))
        #expect(last.contains("more above") && last.contains("\n  >"), "the picker stays on screen: \(last)")
        try ui.send("Escape")
        #expect(asking.finish().status == 1)
    }

    /// Quiet hours are said, with how many windows wait behind them; an alert still comes through.
    @Test func quietHoursAreSaidAndAnAlertComesThrough() throws {
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "quiet", "--below", "alert"]).status
                == 0)
        let held = try ask(["text", "--title", "Held back"])
        let screen = try #require(try ui.waitFor("1 window waits behind them"))
        #expect(
            screen.contains("quiet hours below alert") && screen.contains("No picker is waiting.")
                && !screen.contains("Held back"))
        let alert = try ask(["text", "--title", "Urgent", "--level", "alert"])
        #expect(try ui.waitFor("[alert] Urgent") != nil)
        try ui.send("Escape")
        #expect(alert.finish().status == 1)
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "quiet", "off"]).status == 0)
        #expect(try ui.waitFor("[normal] Held back") != nil)
        try ui.send("Escape")
        #expect(held.finish().status == 1)
    }

    /// What another front-end writes shows here; what is typed here is never undone by its own echo.
    @Test func anUpdateMadeElsewhereShowsAndTypingIsKept() throws {
        let window = try ask(["text", "--title", "Shared note", "--no-wait"]).finish().stdout.trimmingCharacters(
            in: .newlines)
        #expect(try ui.waitFor("Shared note") != nil)
        try ui.type("typed here quickly")
        #expect(try ui.waitFor("> typed here quickly") != nil)
        #expect(
            try CommandLineProcess.run(
                "pickerctl", ["--socket", daemon.socketPath, "update", "--window", window, "from the web page"]
            ).status == 0)
        #expect(try ui.waitFor("> from the web page") != nil)
        try ui.type("!")
        #expect(try ui.waitFor("> from the web page!") != nil)
        let shown = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "get", window, "--json"])
        #expect(try JSON.parse(shown.stdout)["value"] == "from the web page!")
    }

    /// The daemon's echo of an update is the value as it normalized it
    /// (trimmed here): it must not undo what is being typed.
    @Test func aTrimmedTextKeepsWhatIsTyped() throws {
        let asking = try ask(["text", "--title", "Trimmed", "--trim"])
        #expect(try ui.waitFor("Trimmed") != nil)
        for character in "two words here" { try ui.type(String(character)) }
        #expect(try ui.waitFor("> two words here") != nil)
        try ui.send("Enter")
        #expect(asking.finish().stdout == "two words here\n")
    }

    /// Typing meant for the window before never answers one that takes over.
    @Test func anEnterRightAfterAnAlertArrivesDoesNotAnswerIt() throws {
        // A grace longer than a loaded machine takes to send the Enter.
        let frontEnd = try TerminalFrontEnd(uiArguments: ["--grace", "5s"])
        let ui = frontEnd.ui
        let normal = try frontEnd.ask(["text", "--title", "Password for backup"])
        #expect(try ui.waitFor("Password for backup") != nil)
        let alert = try frontEnd.ask([
            "actions", "--json", "--title", "Wipe the disk", "--level", "alert", "--action", "Wipe", "--action",
            "Keep:cancel",
        ])
        #expect(try ui.waitFor("Wipe the disk") != nil)
        try ui.send("Enter")
        let paused = try #require(try ui.waitFor("Enter submit"), "keys come back after the moment")
        #expect(paused.contains("Wipe the disk"))
        #expect(alert.isRunning, "the Enter did not pick the alert's first action")
        try ui.send("Down", "Enter")
        let outcome = try JSON.parse(alert.finish().stdout)
        #expect(outcome["value"]?["label"] == "Keep", "the answer given after the moment: \(outcome)")
        try ui.send("Escape")
        #expect(normal.finish().status == 1)
    }

    /// When the window on screen ends, a line says how.
    @Test func theEndedWindowLineSaysHowAWindowEnded() throws {
        let first = try ask(["text", "--title", "Ticket number"])
        #expect(try ui.waitFor("Ticket number") != nil)
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "submit", "OPS-1"]).status == 0)
        #expect(try ui.waitFor("“Ticket number” was answered elsewhere") != nil)
        #expect(first.finish().stdout == "OPS-1\n")

        let second = try ask(["text", "--title", "Your name"])
        #expect(try ui.waitFor("[normal] Your name") != nil)
        try ui.type("Ada")
        try ui.send("Enter")
        #expect(try ui.waitFor("“Your name” was submitted") != nil)
        #expect(second.finish().stdout == "Ada\n")

        let third = try ask(["text", "--title", "Quick one", "--timeout", "1s", "--default", "fallback"])
        #expect(try ui.waitFor("“Quick one” timed out; its default was used", timeout: 20) != nil)
        #expect(third.finish().stdout == "fallback\n")
    }

    /// The other windows are listed; Ctrl-N and Ctrl-P go round them, oldest first.
    @Test func ctrlNSwitchesTheKeyWindowAndTheOthersAreListed() throws {
        let askers = try ["First asker", "Second asker", "Newest asker"].map { title in
            let asker = try ask(["text", "--title", title])
            #expect(try ui.waitFor(title) != nil)
            return asker
        }
        // The keys come back after each asker's takeover.
        let screen = try #require(try ui.waitFor("Ctrl-N/Ctrl-P switch"))
        #expect(screen.contains("[normal] Newest asker"))
        #expect(
            screen.contains("First asker") && screen.contains("Second asker"),
            "the others' titles are on screen: \(screen)")
        #expect(try ui.waitFor("Enter submit") != nil)
        try ui.send("C-n")
        #expect(try ui.waitFor("[normal] First asker") != nil, "the oldest comes next")
        try ui.send("C-n")
        #expect(try ui.waitFor("[normal] Second asker") != nil)
        try ui.send("C-p")
        #expect(try ui.waitFor("[normal] First asker") != nil)
        let key = try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "get", "--json"])
        #expect(try JSON.parse(key.stdout)["title"] == "First asker", "Ctrl-N raised it: it is the daemon's key window")
        try ui.type("first")
        try ui.send("Enter")
        #expect(askers[0].finish().stdout == "first\n")
        for asker in askers.dropFirst() { asker.signal(SIGKILL) }
    }

    @Test func aListOfSeveralIsAnsweredWithSpace() throws {
        let asking = try ask(["choose", "--title", "Hosts", "--multiple", "--max", "2", "web1", "web2", "db1"])
        let screen = try #require(try ui.waitFor("Hosts"))
        #expect(screen.contains("pick up to 2") && screen.contains("[ ] web1"), "\(screen)")
        try ui.send("Down", "Space", "Down", "Space")
        #expect(try ui.waitFor("2 ticked") != nil)
        try ui.send("Enter")
        #expect(asking.finish().stdout == "web2\ndb1\n")
    }

    /// A column shows as many rows as the terminal has room for.
    @Test func aLongColumnUsesTheRoomThereIs() throws {
        let choices = (1...12).map { "choice\($0)" }
        let asking = try ask(["custom", "--title", "Many", "--column", choices.joined(separator: ",")])
        let screen = try #require(try ui.waitFor("Many"))
        #expect(choices.allSatisfy(screen.contains), "all 12 fit in 30 rows: \(screen)")
        try ui.send("Escape")
        #expect(asking.finish().status == 1)
    }

    /// What is typed into a form is live before every required field is filled.
    @Test func aHalfFilledFormIsVisibleToGet() throws {
        let asking = try ask(["form", "--no-wait", "--title", "Release", "--field", "who:text", "--field", "env:text"])
        let id = asking.finish().stdout.trimmingCharacters(in: .newlines)
        #expect(try ui.waitFor("Release") != nil)
        try ui.type("Ada")
        let client = try TestClient(socketPath: daemon.socketPath)
        var value: JSON?
        try eventually("the half-filled form to be live: \(String(describing: value))") {
            value = try client.result("get", ["window": .string(id)])["value"]
            return value?["who"] == "Ada"
        }
    }

    /// A rejected form field is marked until it is fixed.
    @Test func aRejectedFieldsMarkGoesOnceItIsFixed() throws {
        let asking = try ask(["form", "--title", "Ticket form", "--field", #"ticket:text:{"pattern":"[A-Z]+-[0-9]+"}"#])
        #expect(try ui.waitFor("Ticket form") != nil)
        try ui.type("OPS")
        try ui.send("Enter")
        let rejected = try #require(try ui.waitFor("does not match"))
        #expect(rejected.contains("ticket  ✗"))
        try ui.type("-7")
        #expect(try ui.waitFor("> OPS-7") != nil)
        #expect(try ui.waitFor("ticket  ✗", gone: true) != nil, "the mark goes once the field is fixed")
        try ui.send("Enter")
        #expect(try JSON.parse(asking.finish().stdout) == ["ticket": "OPS-7"])
    }
}

/// The terminal comes back as it was, however the front-end ends.
@Suite(.tags(.process, .tmux)) struct TerminalRestoreTests {
    @Test func ctrlCRestoresTheShell() throws {
        let daemon = try DaemonProcess()
        let shell = try TmuxSession("/bin/sh")
        let pickerctl = DaemonProcess.executable("pickerctl").path
        try shell.type("\(pickerctl) ui --socket \(daemon.socketPath)")
        try shell.send("Enter")
        #expect(try shell.waitFor("No picker is waiting.") != nil)
        try shell.send("C-c")
        // Leaving the alternate screen brings back the shell's, with the command line.
        #expect(try shell.waitFor("ui --socket", timeout: 30) != nil)
        try shell.type("echo restored-$((40+2))")
        try shell.send("Enter")
        let screen = try #require(try shell.waitFor("restored-42"))
        #expect(screen.contains("echo restored-$((40+2))"), "typing echoes again: the terminal left raw mode")
    }

    @Test func reconnectsWhenTheDaemonRestarts() throws {
        let home = try TestDirectory()
        var daemon = try DaemonProcess(home: home)
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let ui = try TmuxSession("\(pickerctl) ui --socket \(daemon.socketPath)")
        let window = try TestClient(socketPath: daemon.socketPath).result(
            "present", ["kind": "text", "title": "Survivor"])["window"]!
        #expect(try ui.waitFor("Survivor") != nil)
        daemon.kill9()
        #expect(try ui.waitFor("waiting for pickerd") != nil)
        daemon = try DaemonProcess(home: home)
        #expect(try ui.waitFor("Survivor") != nil, "back after the restart")
        try ui.type("ok")
        try ui.send("Enter")
        let outcome = try TestClient(socketPath: daemon.socketPath).result(
            "wait", ["window": window, "timeout_ms": 5000])
        #expect(outcome["value"] == "ok")
    }
}
