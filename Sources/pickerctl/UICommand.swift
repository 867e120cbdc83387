import ArgumentParser
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: "Answer pickers in this terminal: shows the key window full-screen, live.",
        discussion: """
            Enter submits; Escape cancels (an action sheet's cancel action); Up/Down move the
            focused wheel or list; Left/Right and Tab move focus (Shift-Tab back); typing edits
            text or filters a custom column; Ctrl-J breaks a line in multiline text; Ctrl-C quits.
            """)

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        if let term = getenv("TERM").map({ String(cString: $0) }), term == "dumb" {
            printError("ui needs a terminal that understands cursor movement; TERM is dumb")
            throw ExitCode(ExitStatus.usage)
        }
        let status = await TerminalApp(socketPath: global.socket).run()
        if status != 0 { throw ExitCode(status) }
    }
}
