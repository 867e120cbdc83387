import Foundation
import PickerTestSupport
import Testing

/// `pickerctl ui` started again and again while a window waits, so that its
/// first drawing (character widths) and its client's first parse (json-c)
/// race: they once shared the process's locale, and the heap broke about
/// three launches in a hundred (`malloc(): corrupted top size`, SIGABRT).
@Suite(.tags(.process, .tmux)) struct UILaunchTests {
    /// A hundred; under a sanitizer, whose every launch is slow, a quarter of that.
    static let launches = Sanitizer.current == .none ? 100 : 25

    @Test func aHundredLaunchesWithAWindowArrivingNeverCrash() async throws {
        let daemon = try DaemonProcess()
        let asking = try CommandLineProcess(
            "pickerctl",
            ["--socket", daemon.socketPath, "text", "--title", "Launch test", "--message", "文字の幅 — widths"])
        try daemon.waitForWindows(1)
        let pickerctl = DaemonProcess.executable("pickerctl").path
        // Each ui gets a terminal from script(1) and is stopped with SIGINT
        // once it had time to draw: it then exits 130, and a crash otherwise.
        // A window arrives as each starts, so events are parsed while it first draws.
        let arriving =
            "\(pickerctl) --socket \(daemon.socketPath) text --no-wait --timeout 1s --title \"Arriving $i\" >/dev/null &"
        let ui =
            "timeout --foreground --preserve-status -s INT 0.4 \(pickerctl) ui --socket \(daemon.socketPath) >/dev/null"
        let loop = "for i in $(seq \(Self.launches)); do \(arriving) \(ui); echo \"exit=$?\" >&2; done"
        let run = try await offThePool { try Command.run("/usr/bin/script", ["-qec", loop, "/dev/null"]) }
        let statuses = run.output.split(whereSeparator: \.isNewline).compactMap { line in
            line.hasPrefix("exit=") ? Int(line.dropFirst(5).trimmingCharacters(in: .whitespaces)) : nil
        }
        #expect(statuses.count == Self.launches, "\(run.output.suffix(500))")
        let crashes = statuses.filter { $0 != 130 }
        #expect(crashes.isEmpty, "launches that did not end by SIGINT: \(crashes)")
        asking.signal(SIGKILL)
    }
}
