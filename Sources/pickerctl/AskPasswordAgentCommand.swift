import ArgumentParser
import PickerPasswordAgent
import PickerSystem

/// `pickerctl ask-password-agent`: systemd's password requests become pickerd windows.
struct AskPasswordAgentCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ask-password-agent",
        abstract: "Answer systemd's password requests (systemd-ask-password, cryptsetup) in pickerd windows.",
        discussion: """
            A systemd password agent: each request (an ask.* file) becomes a secure text window \
            at level alert titled with its message; a submitted value goes back to the asker, a \
            cancel or dismissal refuses the request, and the window ends when the request does \
            (answered elsewhere, its process gone, or its time up). Requests that echo (--echo) \
            get a plain text window. It watches /run/systemd/ask-password as root, else \
            $XDG_RUNTIME_DIR/systemd/ask-password, and ignores requests in a directory or file \
            that someone other than root or you may write, and answers only to sockets in that \
            directory. It reports what it does on stderr, never a value. The units \
            pickerd-ask-password.path and .service run it.
            """)

    enum Mode: String, EnumerableFlag {
        case watch, query

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .watch: "Follow the directory until stopped, requests already pending first."
            case .query: "Serve the requests pending now, and exit once each is answered or over."
            }
        }
    }

    @OptionGroup var global: GlobalOptions

    @Flag var mode: Mode = .watch

    @Option(help: ArgumentHelp("The directory of requests (default: as above).", valueName: "dir"))
    var directory: String?

    func run() async throws {
        try await runCommand {
            guard let directory = directory ?? AskPasswordLocation.standard(environment: POSIX.environment()) else {
                throw CommandFailure(
                    status: ExitStatus.usage,
                    "XDG_RUNTIME_DIR is not set, so there is no request directory; name one with --directory")
            }
            let agent = PasswordAgent(
                directory: directory, mode: mode == .watch ? .watch : .query, socketPath: global.address
            ) {
                printError($0)
            }
            return try await AgentFailure.exitStatus { () async throws(AgentFailure) in try await agent.run() }
        }
    }
}
