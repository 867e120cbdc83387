import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// `pickerctl notify` with a recording command, against the real daemon.
@Suite(.tags(.process)) struct NotifyTests {
    let daemon: DaemonProcess
    let folder: TestDirectory
    var record: String { folder.url.appendingPathComponent("record").path }

    init() throws {
        daemon = try DaemonProcess()
        folder = try TestDirectory()
    }

    /// A shell script that appends one line per run: its variables, then sleeps `seconds`.
    func recorder(sleeping seconds: String = "0") throws -> String {
        let path = folder.url.appendingPathComponent("recorder.sh").path
        let script = """
            #!/bin/sh
            printf '%s|%s|%s|%s|%s|start\\n' "$PICKER_WINDOW" "$PICKER_TITLE" "$PICKER_LEVEL" "$PICKER_KIND" "$PICKER_WEB_URL" >> \(record)
            sleep "${1:-\(seconds)}"
            printf '%s|done\\n' "$PICKER_WINDOW" >> \(record)
            """
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    func present(_ arguments: [String], to other: DaemonProcess? = nil) throws -> String {
        try CommandLineProcess.run("pickerctl", ["--socket", (other ?? daemon).socketPath] + arguments + ["--no-wait"])
            .stdout
            .trimmingCharacters(in: .newlines)
    }

    func lines(until condition: ([String]) -> Bool, timeout: TimeInterval = 15) -> [String] {
        var lines: [String] = []
        _ = holdsWithin(timeout) {
            lines = ((try? String(contentsOfFile: record, encoding: .utf8)) ?? "").split(separator: "\n").map(
                String.init)
            return condition(lines)
        }
        return lines
    }

    @Test func eachWindowIsToldOnceInOrderWithItsVariables() throws {
        // The page's URL as a running pickerweb leaves it.
        let runtime = folder.url.appendingPathComponent("runtime/pickerd")
        try FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)
        chmod(runtime.path, 0o700)
        try "http://127.0.0.1:8123/#token=abc\n".write(
            toFile: runtime.appendingPathComponent("web-url").path, atomically: true, encoding: .utf8)
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify", "--command", try recorder()],
            environment: ["XDG_RUNTIME_DIR": folder.url.appendingPathComponent("runtime").path])
        defer { notify.signal(SIGTERM) }
        let first = try present(["text", "--title", "First\u{1B}]52;c;evil\u{07} title"])
        let second = try present(["date", "--title", "Second", "--level", "alert"])
        let started = lines { $0.filter { $0.hasSuffix("|start") }.count == 2 }.filter { $0.hasSuffix("|start") }
        let url = "http://127.0.0.1:8123/#token=abc"
        #expect(
            started == [
                "\(first)|First]52;c;evil title|normal|text|\(url)|start", "\(second)|Second|alert|date|\(url)|start",
            ], "\(started)")
        // Moving a window around tells no one again.
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "raise", first]).status == 0)
        _ = try present(["text", "--title", "Third"])
        let all = lines { $0.filter { $0.hasSuffix("|start") }.count == 3 }
        #expect(all.filter { $0.hasPrefix(first) && $0.hasSuffix("|start") }.count == 1, "\(all)")
    }

    /// The usual daemon's windows carry PICKER_HOST=local (it was empty, and
    /// `--host ""` is refused), so the documented answer reaches them.
    @Test func theDocumentedAnswerWithPickerHostReachesTheUsualDaemon() throws {
        let script = folder.url.appendingPathComponent("answer.sh").path
        try """
        #!/bin/sh
        printf '%s\\n' "$PICKER_HOST" >> \(record)
        exec \(DaemonProcess.executable("pickerctl").path) --host "$PICKER_HOST" submit --window="$PICKER_WINDOW" yes
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        // The usual daemon: found through $PICKERD_SOCKET, no --socket or --host.
        let notify = try CommandLineProcess(
            "pickerctl", ["notify", "--command", script],
            environment: ["PICKERD_SOCKET": daemon.socketPath, "PICKERD_HOST": ""])
        defer { notify.signal(SIGTERM) }
        let asking = try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "text", "--title", "Asked"])
        let asked = asking.finish(timeout: 60)
        #expect(asked.status == 0 && asked.stdout == "yes\n", "\(asked)")
        #expect(lines { !$0.isEmpty } == ["local"])
    }

    @Test func aSlowCommandHoldsUpNoOther() throws {
        // The first window's command sleeps 30 s; the second's runs at once.
        let slow = try recorder(sleeping: "0")
        let script = folder.url.appendingPathComponent("slow-first.sh").path
        try """
        #!/bin/sh
        if [ "$PICKER_TITLE" = Slow ]; then exec \(slow) 30; else exec \(slow) 0; fi
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify", "--command", script])
        defer { notify.signal(SIGTERM) }
        let slowWindow = try present(["text", "--title", "Slow"])
        _ = lines { $0.contains { $0.hasPrefix(slowWindow) } }
        let quick = try present(["text", "--title", "Quick"])
        let seen = lines { $0.contains("\(quick)|done") }
        #expect(seen.contains("\(quick)|done") && !seen.contains("\(slowWindow)|done"), "\(seen)")
    }

    /// With one command at a time, a window that ends while it waits its turn is skipped.
    @Test func aWindowThatEndsBeforeItsTurnIsSkipped() throws {
        let gate = folder.url.appendingPathComponent("gate").path
        let script = folder.url.appendingPathComponent("gated.sh").path
        try """
        #!/bin/sh
        printf '%s|start\\n' "$PICKER_WINDOW" >> \(record)
        while [ ! -e \(gate) ]; do sleep 0.05; done
        """.write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify", "--jobs", "1", "--command", script])
        defer { notify.signal(SIGTERM) }
        let holding = try present(["text", "--title", "Holding"])
        _ = lines { $0.contains("\(holding)|start") }
        let ended = try present(["text", "--title", "Ends early"])
        let later = try present(["text", "--title", "Later"])
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "dismiss", ended]).status == 0)
        FileManager.default.createFile(atPath: gate, contents: nil)
        let seen = lines { $0.contains("\(later)|start") }
        #expect(seen == ["\(holding)|start", "\(later)|start"], "\(seen)")
    }

    /// Windows held by quiet hours are told when they start waiting for a person.
    @Test func quietHoursHoldTheNotification() throws {
        #expect(
            try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "quiet", "--below", "alert"]).status
                == 0)
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify", "--command", try recorder()])
        defer { notify.signal(SIGTERM) }
        let held = try present(["text", "--title", "Held"])
        let alert = try present(["text", "--title", "Breaks through", "--level", "alert"])
        let first = lines { $0.contains { $0.hasPrefix(alert) } }
        #expect(!first.contains { $0.hasPrefix(held) }, "\(first)")
        #expect(try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath, "quiet", "off"]).status == 0)
        #expect(lines { $0.contains { $0.hasPrefix(held) } }.contains { $0.hasPrefix(held) })
    }

    /// Without notify-send on PATH, each window is a line on stdout.
    @Test func withoutNotifySendEachWindowIsALine() throws {
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", daemon.socketPath, "notify"], environment: ["PATH": "/nonexistent"])
        let window = try present(["text", "--title", "Plain"])
        _ = holdsWithin(15) { notify.stdoutSoFar.contains(window) }
        notify.signal(SIGTERM)
        let user = try #require(String(validatingCString: getpwuid(getuid()).pointee.pw_name))
        #expect(notify.finish().stdout == "\(window) normal Plain (asked by \(user) via pickerctl)\n")
    }

    /// pickerd going away is said once; when it is back, a window told
    /// before is not told again and a new one is.
    @Test func aRestartOfPickerdIsFollowed() throws {
        let home = try TestDirectory()
        var restarting = try DaemonProcess(home: home)
        let notify = try CommandLineProcess(
            "pickerctl", ["--socket", restarting.socketPath, "notify", "--command", try recorder()])
        defer { notify.signal(SIGTERM) }
        let before = try present(["text", "--title", "Before"], to: restarting)
        #expect(lines { $0.contains { $0.hasPrefix(before) && $0.hasSuffix("|done") } }.count == 2)
        restarting.kill9()
        try eventually("notify to wait for pickerd: \(notify.stderrSoFar)") {
            notify.stderrSoFar.contains("waiting for pickerd")
        }
        restarting = try DaemonProcess(home: home)
        let after = try present(["text", "--title", "After"], to: restarting)
        let told = lines { $0.contains { $0.hasPrefix(after) && $0.hasSuffix("|done") } }
        #expect(
            told.filter { $0.hasSuffix("|start") }.map { $0.split(separator: "|")[1] } == ["Before", "After"], "\(told)"
        )
        notify.signal(SIGTERM)
        let stderr = notify.finish().stderr
        #expect(stderr.components(separatedBy: "waiting for pickerd").count == 2, "said once: \(stderr)")
    }
}
