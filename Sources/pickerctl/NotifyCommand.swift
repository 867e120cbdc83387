import ArgumentParser
import PickerClient
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `pickerctl notify`: follows pickerd and runs a command for each window that
/// starts waiting for a person, so they hear of it wherever they are.
struct NotifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Run a command (default: a desktop notification) for each window that starts waiting.",
        discussion: """
            The command gets PICKER_WINDOW, PICKER_TITLE, PICKER_LEVEL, PICKER_KIND and PICKER_WEB_URL \
            (when pickerweb runs) in its environment, control characters removed; it is run directly, \
            not through a shell. Each window is told once, oldest first; one that ends before its turn \
            is skipped. Without --command: notify-send when it is installed, else a line on stdout. \
            Runs until Ctrl-C, and follows pickerd through restarts.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many commands may run at once; the rest wait their turn.")
    var jobs = 4

    @Option(
        parsing: .remaining,
        help: ArgumentHelp("The command and its arguments (everything after --command).", valueName: "CMD ARG"))
    var command: [String] = []

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() async throws {
        let runner = NotificationRunner(command: command.isEmpty ? nil : command)
        await runner.follow(socketPath: global.socket, jobs: jobs)
    }
}
