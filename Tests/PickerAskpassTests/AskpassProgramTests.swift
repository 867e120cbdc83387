import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// pickerd-askpass and pickerctl askpass run directly, as an asking program
/// would run them: hostile prompts, signals, a parent that dies, no daemon.
@Suite(.tags(.process), .timeLimit(.minutes(3))) struct AskpassProgramTests {
    let fixture: AskpassFixture

    init() throws {
        fixture = try AskpassFixture()
    }

    func askpass(_ prompt: [String], hint: String? = nil) throws -> CommandLineProcess {
        var environment = fixture.environment
        if let hint { environment["SSH_ASKPASS_PROMPT"] = hint }
        return try CommandLineProcess(program: fixture.askpass, prompt, environment: environment)
    }

    @Test func terminalEscapesInThePromptShowVisibly() throws {
        // OSC 52 would write the clipboard, CSI 2J clear the screen, of whoever answers.
        let asking = try askpass(["\u{1B}]52;c;ZXZpbA==\u{07}Password:\u{1B}[2J\nsecond\u{9B}line"])
        let details = try fixture.person.details(try fixture.person.nextWindow())
        let title = details["title"]?.stringValue ?? ""
        let message = details["message"]?.stringValue ?? ""
        #expect(title == #"\u{1B}]52;c;ZXZpbA==\u{7}Password:\u{1B}[2J"#)
        #expect(message.hasSuffix(#"second\u{9B}line"#), "\(message)")
        #expect(
            !(title + message).unicodeScalars.contains {
                $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value)
            })
        try fixture.person.submit("fine", to: try fixture.person.nextWindow())
        let answered = asking.finish()
        #expect(answered.status == 0 && answered.stdout == "fine\n", "\(answered.stderr)")
    }

    @Test func aMebibytePromptBecomesAWindowWithinTheLimits() throws {
        // One argument may hold 128 KiB (MAX_ARG_STRLEN); the words are joined.
        let word = String(repeating: "p", count: 120 << 10)
        let asking = try askpass(Array(repeating: word, count: 9))
        let details = try fixture.person.details(try fixture.person.nextWindow())
        let title = details["title"]?.stringValue ?? ""
        let message = details["message"]?.stringValue ?? ""
        #expect(title.utf8.count <= 240 && title.hasSuffix("…"), "\(title.utf8.count) bytes")
        #expect(
            message.utf8.count <= 16_384 && message.contains("The prompt is 1105928 bytes long; its start follows."),
            "\(message.utf8.count) bytes")
        try fixture.person.cancel(try fixture.person.nextWindow())
        let ended = asking.finish()
        #expect(ended.status == 1 && ended.stdout.isEmpty)
        #expect(ended.stderr.contains("ended without an answer (cancelled)"), "\(ended.stderr)")
    }

    @Test func aNulInAnArgumentEndsItThere() throws {
        // execve takes C strings: what follows a NUL never reaches the program.
        let asking = try askpass(["Password\u{0}; rm -rf ~", "for alice:"])
        let details = try fixture.person.details(try fixture.person.nextWindow())
        #expect(details["title"]?.stringValue == "Password for alice:")
        try fixture.person.cancel(try fixture.person.nextWindow())
        #expect(asking.finish().status == 1)
    }

    @Test func aConfirmIsYesOrNoAsTheExitStatus() throws {
        for (label, status) in [("Yes", Int32(0)), ("No", Int32(1))] {
            let asking = try askpass(["Allow use of key k?\nKey fingerprint SHA256:abc."], hint: "confirm")
            let window = try fixture.person.nextWindow()
            #expect(window["kind"] == "actions")
            try fixture.person.choose(label, in: window)
            let ended = asking.finish()
            #expect(ended.status == status && ended.stdout.isEmpty, "\(label): \(ended.stderr)")
        }
    }

    @Test(arguments: [SIGTERM, SIGINT, SIGHUP]) func aNoticeEndsWhenSSHSendsSIGTERM(signal: Int32) throws {
        let asking = try askpass(["Confirm user presence for key ED25519-SK SHA256:abc"], hint: "none")
        let window = try fixture.person.nextWindow()
        #expect(window["kind"] == "actions" && window["level_name"] == "alert")
        asking.signal(signal)
        let ended = asking.finish()
        #expect(ended.status == 1 && ended.stdout.isEmpty)
        #expect(try fixture.person.noWindows())
        let history = try fixture.person.pickerctl(["history", "--json"]).stdout
        #expect(history.contains(#""reason":"dismissed""#), "\(history)")
    }

    @Test func theWindowGoesWhenTheAskingProgramDies() throws {
        // sh waits for the askpass (the `; :` keeps it from exec'ing it), then is killed.
        let shell = try CommandLineProcess(
            program: "/bin/sh", ["-c", "\"$0\" 'Password:'; :", fixture.askpass], environment: fixture.environment)
        _ = try fixture.person.nextWindow()
        shell.signal(SIGKILL)
        _ = shell.finish()
        // The askpass got SIGTERM (PR_SET_PDEATHSIG) and dismissed its window,
        // sooner than pickerd's on_disconnect grace would.
        #expect(try fixture.person.noWindows())
        #expect(try fixture.person.pickerctl(["history", "--json"]).stdout.contains(#""reason":"dismissed""#))
    }

    @Test func pickerctlAskpassDoesTheSame() throws {
        let asking = try CommandLineProcess(
            "pickerctl", ["--socket", fixture.daemon.socketPath, "askpass", "Password for 'https://h':"])
        let window = try fixture.person.nextWindow()
        #expect(try fixture.person.details(window)["options"]?["secure"] == true)
        try fixture.person.submit("from pickerctl", to: window)
        let answered = asking.finish()
        #expect(answered.status == 0 && answered.stdout == "from pickerctl\n", "\(answered.stderr)")

        let dismissed = try CommandLineProcess(
            "pickerctl", ["--socket", fixture.daemon.socketPath, "askpass", "--", "-not an option:"])
        let other = try fixture.person.nextWindow()
        #expect(other["title"] == "-not an option:")
        #expect(try fixture.person.pickerctl(["dismiss", other["window"]?.stringValue ?? ""]).status == 0)
        let ended = dismissed.finish()
        #expect(ended.status == 1 && ended.stdout.isEmpty, "\(ended.stderr)")

        // --help is help, not a prompt.
        let help = try fixture.person.pickerctl(["askpass", "--help"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: pickerctl askpass"), "\(help.stderr)")
        #expect(try fixture.person.windows().isEmpty)
    }

    @Test func withoutPickerdItSaysSoAndFails() throws {
        var environment = fixture.environment
        environment["PICKERD_SOCKET"] = fixture.path("nothing-here.sock")
        let ended = try CommandLineProcess(program: fixture.askpass, ["Password:"], environment: environment).finish()
        #expect(ended.status == 69 && ended.stdout.isEmpty)
        #expect(ended.stderr.hasPrefix("pickerd-askpass: cannot reach pickerd at "), "\(ended.stderr)")
    }

    /// From the program's start to the window's `window.presented` event,
    /// 20 times; the median is printed (README quotes it).
    @Test func theWindowAppearsSoonAfterTheCall() throws {
        let listener = try TestClient(socketPath: fixture.daemon.socketPath)
        _ = try listener.result("subscribe", ["events": ["window.presented"]])
        var times: [Double] = []
        for round in 0..<20 {
            let started = Date()
            let asking = try askpass(["Password for round \(round):"])
            _ = try listener.takeEvents(count: 1, timeout: 60)
            times.append(Date().timeIntervalSince(started) * 1000)
            try fixture.person.cancel(try fixture.person.nextWindow())
            #expect(asking.finish().status == 1)
        }
        let median = times.sorted()[times.count / 2]
        print(
            "pickerd-askpass: the window appeared \(String(format: "%.1f", median)) ms after the program started (median of 20; fastest \(String(format: "%.1f", times.min() ?? 0)), slowest \(String(format: "%.1f", times.max() ?? 0)))"
        )
        #expect(median < 5000)
    }
}
