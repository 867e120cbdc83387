import ArgumentParser

/// `pickerctl mcp`: runs `pickermcp`, the MCP server, in its place, so an AI
/// agent's host can start `pickerctl mcp` and ask a person through pickerd.
/// The server is a program of its own so that every other pickerctl command
/// starts without loading it.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mcp",
        abstract: "Let an AI agent ask a person: an MCP server over stdio for an MCP host to start (runs pickermcp).",
        discussion: """
            Tools: ask_text, ask_date, choose (a list, as pickerctl choose), pick (columns or a \
            tree, as pickerctl custom), confirm, ask_form, approve (each waits for the answer), present \
            and await (a long wait over several calls). A host's configuration names \
            the command, e.g. {"mcpServers": {"pickerd": {"command": "pickerctl", "args": ["mcp"]}}}.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(
        name: .customLong("max-level"),
        help: "The highest level an agent's question is shown at (default: statusBar); higher ones are lowered to it.")
    var maxLevel: String?

    func run() throws {
        let socket = global.address.map { ["--socket", $0] } ?? []
        try SiblingProgram.exec("pickermcp", socket + (maxLevel.map { ["--max-level", $0] } ?? []))
    }
}
