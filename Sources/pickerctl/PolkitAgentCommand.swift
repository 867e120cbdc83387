import ArgumentParser

/// `pickerctl polkit-agent`: polkit's authentication requests (pkexec's and
/// every other program's) become pickerd windows. It runs
/// `pickerd-polkit-agent` in its place, so that pickerctl links no polkit
/// library; that program reads the options, as pickerweb reads `pickerctl web`'s.
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

    @Argument(
        parsing: .allUnrecognized,
        help:
            "pickerd-polkit-agent's options: --process PID (this process and what it starts) or --session (the default)."
    )
    var options: [String] = []

    func run() throws {
        try SiblingProgram.exec("pickerd-polkit-agent", (global.socket.map { ["--socket", $0] } ?? []) + options)
    }
}
