import Foundation
import PickerTestSupport

/// pickerctl asking commands run in tmux as a person runs them in a shell:
/// `echo` prints a line first (the picker is drawn below it), each command's
/// value goes to a file of its own (as `$(...)` captures it: stdout is no
/// terminal), and its exit status is printed on the pane when it ends.
struct InlineAsking {
    let daemon: DaemonProcess
    let pane: TmuxSession
    private let outputs: [URL]

    /// Runs each of `commands` (pickerctl's arguments, with `prefix` before
    /// pickerctl: `PICKERD_INLINE=never`, `printf 'a\n' |`) one after the other.
    init(_ commands: [[String]], prefix: String = "", daemon: DaemonProcess, width: Int = 80, height: Int = 24) throws {
        self.daemon = daemon
        let directory = daemon.directory
        outputs = commands.indices.map {
            directory.appendingPathComponent("inline-\(UUID().uuidString.prefix(8))-\($0)")
        }
        let pickerctl = DaemonProcess.executable("pickerctl").path
        var script = "echo 'a line above'"
        for (index, arguments) in commands.enumerated() {
            let words = [pickerctl, "--socket", daemon.socketPath] + arguments
            script += "; \(prefix) \(words.map(Self.quoted).joined(separator: " ")) >\(outputs[index].path)"
            script += "; echo \"[exit $?]\""
        }
        // The shell stays: a dead pane's "Pane is dead" line would scroll the screen.
        pane = try TmuxSession(script + "; exec sleep 600", width: width, height: height)
    }

    init(_ arguments: [String], prefix: String = "", daemon: DaemonProcess) throws {
        try self.init([arguments], prefix: prefix, daemon: daemon)
    }

    /// Waits for the `index`th command (counted from 0) to end: its status
    /// and what it printed on stdout.
    func finish(_ index: Int = 0) throws -> (status: Int32, stdout: String) {
        var screen = ""
        let ended = try holdsWithin(60, every: 0.1) {
            screen = try pane.screen()
            return screen.components(separatedBy: "[exit ").count > index + 1
        }
        guard ended else { throw TestFailure("command \(index) never ended:\n\(screen)") }
        let status = screen.components(separatedBy: "[exit ")[index + 1].prefix { $0.isNumber }
        let stdout = (try? String(contentsOf: outputs[index], encoding: .utf8)) ?? ""
        return (Int32(status) ?? -1, stdout)
    }

    /// Waits for the pane to show `text`; the screen then.
    @discardableResult
    func waitFor(_ text: String) throws -> String {
        guard let screen = try pane.waitFor(text, timeout: 30) else {
            throw TestFailure("the pane never showed \(text):\n\(try pane.screen())")
        }
        return screen
    }

    /// `pickerctl ARGUMENTS` beside it, run to its end.
    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    private static func quoted(_ word: String) -> String {
        "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
