import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl ui` in tmux against a real daemon, with pickerctl asking beside it.
@Suite struct TerminalUITests {
    let daemon: DaemonProcess
    let ui: TmuxSession

    init() throws {
        daemon = try DaemonProcess()
        let pickerctl = DaemonProcess.executable("pickerctl").path
        ui = try TmuxSession("\(pickerctl) ui --socket \(daemon.socketPath)")
        #expect(try ui.waitFor("No picker is waiting.") != nil)
    }

    func ask(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    @Test func typingANameAndEnterAnswersATextPicker() throws {
        let asking = try ask(["text", "--title", "Your name"])
        #expect(try ui.waitFor("Your name") != nil)
        try ui.type("Ada")
        #expect(try ui.waitFor("> Ada") != nil)
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "Ada\n")
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

        let tree = try ask(["custom", "--title", "Place", "--tree", #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing","Suzhou"]}"#])
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
        let long = (1...40).map { "word\($0)" }.joined(separator: " ") + " lastword"
        let asking = try ask(["text", "--title", "First title line\nsecond title line", "--message", "one line\nanother line\n" + long])
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
        let asking = try ask(["custom", "--title", "Place", "--tree", #"{"Zhejiang":["Hangzhou","Ningbo"],"Jiangsu":["Nanjing"]}"#])
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
            "target": #"{"kind": "target", "base": "custom", "title": "Target", "options": {"columns": [["prod", "staging"], ["us", "eu"]]}}"#
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

    @Test func anAlertTakesTheScreenAndTheNormalOneReturns() throws {
        let normal = try ask(["text", "--title", "Routine question"])
        #expect(try ui.waitFor("Routine question") != nil)
        try ui.type("keep")
        let alert = try ask(["actions", "--title", "Disk almost full", "--level", "alert", "--action", "Clean up", "--action", "Later:cancel"])
        let shown = try #require(try ui.waitFor("Disk almost full"))
        #expect(shown.contains("[alert]") && shown.contains("1 other window open (1 normal)"))
        try ui.send("Escape")
        #expect(alert.finish().status == 1, "Escape chose the cancel action")
        let back = try #require(try ui.waitFor("Routine question"))
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
        #expect(header.hasSuffix("59m 59s") || header.hasSuffix("1h"), "the countdown sits at the right edge: \(header)")
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

    @Test func liveSelectionIsVisibleToOthers() throws {
        let asking = try ask(["date", "--no-wait", "--initial", "2026-03-10", "--title", "Live"])
        let id = asking.finish().stdout.trimmingCharacters(in: .newlines)
        #expect(try ui.waitFor("Live") != nil)
        try ui.send("Down")
        let client = try TestClient(socketPath: daemon.socketPath)
        var value: JSON?
        for _ in 0..<100 where value != "2026-03-11" {
            value = try client.result("get", ["window": .string(id)])["value"]
            usleep(20_000)
        }
        #expect(value == "2026-03-11")
    }
}

/// The terminal comes back as it was, however the front-end ends.
@Suite struct TerminalRestoreTests {
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
        let window = try TestClient(socketPath: daemon.socketPath).result("present", ["kind": "text", "title": "Survivor"])["window"]!
        #expect(try ui.waitFor("Survivor") != nil)
        daemon.kill9()
        #expect(try ui.waitFor("waiting for pickerd") != nil)
        daemon = try DaemonProcess(home: home)
        #expect(try ui.waitFor("Survivor") != nil, "back after the restart")
        try ui.type("ok")
        try ui.send("Enter")
        let outcome = try TestClient(socketPath: daemon.socketPath).result("wait", ["window": window, "timeout_ms": 5000])
        #expect(outcome["value"] == "ok")
    }
}
