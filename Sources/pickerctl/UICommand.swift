import ArgumentParser
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

struct UICommand: AsyncParsableCommand, FollowsManyHosts {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Answer pickers in this terminal: shows the key window full-screen, live.",
        discussion: """
            Enter submits; Escape cancels (an action sheet's cancel action); Up/Down move the
            focused wheel or list; Left/Right and Tab move focus (Shift-Tab back); typing edits
            text or filters a custom column; Ctrl-J breaks a line in multiline text; Ctrl-N and
            Ctrl-P switch to the next or previous waiting window; Ctrl-Up/Ctrl-Down scroll a long
            message; Ctrl-C quits. Dates: PgUp/PgDn by a month, Home/End to min/max, digits type
            into the focused wheel. Text: Delete, Home/End, Ctrl-A/E/U/W/K. Lists: Space ticks.
            With --host given more than once it follows every host at once: one stack by level, then
            age, each title starting with its host, each answer going to the host that asked.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(
        help: ArgumentHelp(
            "How long a window that takes over ignores keys, so typing meant for the one before never answers it.",
            valueName: "DUR"),
        transform: DurationArgument.parse)
    var grace = DurationArgument(milliseconds: 1000)

    func run() async throws {
        if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" {
            printError("ui needs a terminal that understands cursor movement; TERM is dumb")
            throw ExitCode(ExitStatus.usage)
        }
        let status = await TerminalApp(hosts: global.addresses, takeoverGrace: grace.milliseconds).run()
        if status != 0 { throw ExitCode(status) }
    }
}
