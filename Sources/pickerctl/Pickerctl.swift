import ArgumentParser
import CPickerSystem
import PickerProtocol

@main
struct Pickerctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pickerctl",
        abstract: "Ask a person for a value through pickerd, and answer or manage what is asked.",
        discussion: """
            Asking commands block until the window ends and print the value on stdout.
            On a terminal they ask right there (--inline auto|always|never, $PICKERD_INLINE).
            Exit status: 0 submitted (or a timeout that applied --default); 1 cancelled,
            dismissed or owner gone; 124 timed out; 130 Ctrl-C in the inline picker; 64 usage error (also: a flag value
            pickerd refuses); 65 a value the picker rejected, no such window, or one that
            has already ended; 69 pickerd not reachable;
            70 internal error; 77 permission denied (also: a daemon run by a user it does
            not trust); 78 a config reload refused. confirm exits 0 for yes and 1 for no.
            pickerctl talks only to a pickerd run by you, root, the owner of a socket
            directory root made for it, or a uid in $PICKERD_TRUST_UID (comma-separated).
            """,
        version: PickerdVersion.current,
        subcommands: [
            DateCommand.self, CustomCommand.self, TextCommand.self, ActionsCommand.self, FormCommand.self,
            ConfirmCommand.self, ChooseCommand.self, NumberCommand.self, ProgressCommand.self, FileCommand.self,
            PresentCommand.self,
            SubmitCommand.self, UpdateCommand.self, CancelCommand.self, DismissCommand.self,
            ArrangeCommand<Raising>.self, ArrangeCommand<Lowering>.self, ArrangeCommand<Hiding>.self,
            ArrangeCommand<Showing>.self, SetLevelCommand.self,
            WaitCommand.self, QuietCommand.self, ReloadCommand.self,
            ListCommand.self, GetCommand.self, WatchCommand.self, HistoryCommand.self, ReportMethodCommand<Status>.self,
            ReportMethodCommand<Plugins>.self, PingCommand.self, BadgeCommand.self, UICommand.self, WebCommand.self,
            MCPCommand.self,
            NotifyCommand.self,
            DialStdioCommand.self,
            AskPasswordAgentCommand.self,
            AskpassCommand.self,
            PinentryCommand.self,
            PolkitAgentCommand.self,
            ZenityCommand.self,
        ]
    )

    /// ArgumentParser's entry, with three differences: ping, badge and list in
    /// their plain forms do not go through it (`QuickCommandLine`), `--socket`
    /// may come before the subcommand (it is global), and a usage error is one
    /// line on stderr.
    static func main() async {
        // It may hold a secret (a secure text it asked for, a value read with
        // submit --stdin, what is typed in ui): no core dump, no ptrace or
        // /proc/PID/mem for other processes of the user. One system call, so
        // every command does it rather than guessing which will see a secret.
        picker_make_undumpable()
        let given = Array(CommandLine.arguments.dropFirst())
        if let quick = QuickCommandLine(given) {
            exitProcess(quick.command.run(socket: quick.socket))
        }
        let arguments = GlobalOptions.placingSocketAfterSubcommand(given)
        do {
            var command = try parseAsRoot(arguments)
            try GlobalOptions.checkHostCount(of: command)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let exit as ExitCode {
            exitProcess(exit.rawValue)
        } catch let failure as CommandFailure {
            // Thrown by a command outside runCommand: its sentence and status.
            if let message = failure.message { printError(message) }
            exitProcess(failure.status)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help, --version, --generate-completion-script
                printLine(fullMessage(for: error))
                exitProcess(0)
            }
            printError(UsageSentence.of(message(for: error), given: arguments, commands: configuration.subcommands))
            exitProcess(code.rawValue)
        }
    }
}
