import ArgumentParser
import PickerMCP
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// `pickermcp` (and `pickerctl mcp`, which runs it): the MCP server, over
/// standard input and output. PickerMCP does the work.
@main
struct PickermcpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pickermcp",
        abstract: "Let an AI agent ask a person through pickerd: an MCP server over stdio.",
        discussion: """
            An MCP host starts it and speaks JSON-RPC on its standard input and output. Tools: \
            ask_text, ask_date, choose (a list, as pickerctl choose), pick (columns or a tree, \
            as pickerctl custom), confirm, ask_form, approve (each waits for the answer), present and \
            await (a long wait over several calls). Its windows end a few seconds after it \
            does (windows.reattach_ms). await reaches only the windows this server presented, \
            and no tool asks for a secret. Questions are shown at statusBar at most unless \
            --max-level allows more.
            """,
        version: PickerdVersion.current)

    @Option(help: "The daemon's socket (default: as pickerctl finds it).")
    var socket: String?

    @Option(
        name: .customLong("max-level"),
        help:
            "The highest level an agent's question is shown at, a level name or number; higher ones are lowered to it.")
    var maxLevel = "statusBar"

    /// Tests hear progress sooner than a host would need it.
    @Option(
        name: .customLong("progress-interval"),
        help: ArgumentHelp(
            "Seconds between progress notifications to a waiting call that carried a progressToken (default 10).",
            visibility: .hidden))
    var progressInterval: Double = 10

    func run() async throws {
        // A host that closes the pipe ends the server at its next read, not by a signal mid-write.
        signal(SIGPIPE, SIG_IGN)
        guard progressInterval > 0, progressInterval <= 3600 else {
            throw ValidationError("--progress-interval must be more than 0 and at most 3600 seconds")
        }
        await MCPServer(
            socketPath: socket, maxLevel: LevelSpec(maxLevel),
            progressInterval: .milliseconds(Int64(progressInterval * 1000))
        ).run()
    }
}
