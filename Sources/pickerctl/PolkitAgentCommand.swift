import ArgumentParser

/// `pickerctl polkit-agent`: polkit's authentication requests (pkexec's and
/// every other program's) become pickerd windows. It runs
/// `pickerd-polkit-agent` in its place, so that pickerctl links no polkit
/// library.
struct PolkitAgentCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "polkit-agent",
        abstract: "Answer polkit's authentication requests (pkexec, systemctl, udisks) in pickerd windows.",
        discussion: """
            A polkit authentication agent, for this session (logind's) or, with --process PID, for \
            one process and what it starts (as pkttyagent --process). Each request becomes windows \
            at level alert titled with polkit's message: the identity to authenticate as, when \
            polkit offers several, then PAM's prompt as secure text. The password goes to polkit's \
            own helper (polkit-agent-helper-1), which checks it; a wrong one is asked again, up to \
            three times; a cancel or dismissal refuses the request (pkexec exits 126). It reports \
            what it does on stderr, never a value. The user unit pickerd-polkit-agent.service runs it.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("Be the agent of this process only (and what it starts).", valueName: "pid"))
    var process: Int32?

    @Flag(help: "Be the agent of this logind session (the default).")
    var session = false

    func validate() throws {
        if process != nil && session { throw ValidationError("--process and --session exclude each other") }
    }

    func run() throws {
        try SiblingProgram.exec(
            "pickerd-polkit-agent",
            (global.address.map { ["--socket", $0] } ?? []) + (process.map { ["--process", String($0)] } ?? [])
                + (session ? ["--session"] : []))
    }
}
