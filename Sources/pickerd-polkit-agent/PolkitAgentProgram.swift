import ArgumentParser
import PickerPasswordAgent
import PickerPolkit
import PickerProtocol
import PickerSystem

/// `pickerd-polkit-agent` (and `pickerctl polkit-agent`, which runs it): the
/// polkit authentication agent. A program of its own so that pickerctl links
/// no polkit library; PickerPolkit does the work.
@main
struct PolkitAgentProgram: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pickerd-polkit-agent",
        abstract: "Answer polkit's authentication requests (pkexec, systemctl, udisks) in pickerd windows.",
        discussion: "pickerctl polkit-agent runs it; see pickerctl polkit-agent --help and docs/polkit.md.",
        version: PickerdVersion.current)

    @Option(help: "The daemon's socket (default: as pickerctl finds it).")
    var socket: String?

    @Option(help: ArgumentHelp("Be the agent of this process only (and what it starts).", valueName: "pid"))
    var process: Int32?

    @Flag(help: "Be the agent of this logind session (the default).")
    var session = false

    func validate() throws {
        if process != nil && session { throw ValidationError("--process and --session exclude each other") }
    }

    func run() async throws {
        let agent = PolkitAgent(subject: process.map { .process($0) } ?? .session, socketPath: socket) {
            Self.say($0)
        }
        do throws(AgentFailure) {
            try await agent.run()
        } catch {
            Self.say(error.message)
            throw ExitCode(error.exitStatus)
        }
    }

    /// A line on stderr, as pickerctl's commands write theirs (the agent never says a value).
    static func say(_ line: String) {
        _ = POSIX.writeAll(Array("pickerctl polkit-agent: \(line)\n".utf8), to: 2)
    }
}
