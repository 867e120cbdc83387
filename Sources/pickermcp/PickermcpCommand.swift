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
            ask_text, ask_date, choose, confirm, ask_form (each waits for the answer), present \
            and await (a long wait over several calls). Its windows end a few seconds after it \
            does (windows.reattach_ms).
            """,
        version: PickerdVersion.current)

    @Option(help: "The daemon's socket (default: as pickerctl finds it).")
    var socket: String?

    func run() async throws {
        // A host that closes the pipe ends the server at its next read, not by a signal mid-write.
        signal(SIGPIPE, SIG_IGN)
        await MCPServer(socketPath: socket).run()
    }
}
