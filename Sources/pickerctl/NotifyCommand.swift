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
struct NotifyCommand: AsyncParsableCommand, FollowsManyHosts {
    static let configuration = CommandConfiguration(
        commandName: "notify",
        abstract: "Run a command (default: a desktop notification) for each window that starts waiting.",
        discussion: """
            The command gets PICKER_WINDOW, PICKER_TITLE, PICKER_LEVEL, PICKER_KIND and PICKER_WEB_URL \
            (when pickerweb runs) in its environment, control characters removed; it is run directly, \
            not through a shell. Each window is told once, oldest first; one that ends before its turn \
            is skipped. Without --command: notify-send when it is installed, else a line on stdout. \
            A confirm, an actions sheet or a single-choice list of up to three is answered on the notification \
            itself where the server offers actions, and so is a form whose one required field is such a choice \
            and whose optional fields start empty (approve's Approve/Reject); a window with a message (approve's \
            details) gets Open only, as the bubble never shows it. "Open" runs --open-command (default: xdg-open of the page \
            on that window, when pickerweb runs). A notification that waits for an action holds one of the \
            --jobs places until it closes; it is closed when its window ends elsewhere. \
            Runs until Ctrl-C, and follows pickerd through restarts. With --host given more than once it \
            follows every host: each title starts with its host, PICKER_WINDOW is the id on that host and \
            PICKER_HOST the --host it came from (pickerctl --host "$PICKER_HOST" submit --window="$PICKER_WINDOW" …; \
            local for the usual daemon); \
            the page (PICKER_WEB_URL, Open) is the local daemon's, for --host local's windows only, unless \
            --page-follows-hosts. A host that returns has its waiting windows told again.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "How many commands may run at once; the rest wait their turn.")
    var jobs = 4

    @Option(
        help: ArgumentHelp(
            "What the notification's Open action runs, split at spaces (no shell), with the same variables; "
                + "PICKER_WEB_URL is the page on that window.", valueName: "CMD ARG"))
    var openCommand: String?

    @Flag(
        help: ArgumentHelp(
            "With several --host: the page pickerweb runs follows the same hosts (pickerctl web with the same --host "
                + "options, in the same order), so Open and PICKER_WEB_URL give it for every host's window."))
    var pageFollowsHosts = false

    @Option(
        parsing: .remaining,
        help: ArgumentHelp("The command and its arguments (everything after --command).", valueName: "CMD ARG"))
    var command: [String] = []

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be 1 or more") }
    }

    func run() async throws {
        var runner = NotificationRunner(
            command: command.isEmpty ? nil : command,
            openCommand: openCommand.map { $0.split(separator: " ").map(String.init) }.flatMap { $0.isEmpty ? nil : $0 }
        )
        if pageFollowsHosts {
            runner.page = .followsHosts
        } else if global.hosts.count > 1 {
            runner.page = .local(global.hosts.firstIndex(of: DaemonAddress.localName))
        }
        await runner.follow(hosts: global.addresses, jobs: jobs)
    }
}
