import ArgumentParser
import PickerAskpass
import PickerSystem

/// `pickerctl askpass [PROMPT]`: what the program pickerd-askpass does, for
/// a script or a person to try; the askpass variables need a program
/// without arguments, which pickerd-askpass is.
struct AskpassCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "askpass",
        abstract: "Ask what sudo, ssh or git would ask an askpass program (the program pickerd-askpass does the same).",
        discussion: """
            The prompt's question (its last line ending in ? or :, else its first) is the window's \
            title; the window says which processes ask \
            (command names and pids) and is at level alert. A password, passphrase or PIN prompt \
            (and any prompt not known to be public) is secure text; git's "Username for" and ssh's \
            yes/no questions are plain text; SSH_ASKPASS_PROMPT=confirm is a Yes/No sheet (exit 0 \
            for yes, printing nothing); SSH_ASKPASS_PROMPT=none is a notice that ends on SIGTERM. \
            The answer is printed with a newline, exit 0; a cancel, No, dismissal or timeout \
            prints nothing and exits 1; SIGTERM, SIGINT and SIGHUP, and the parent's death, \
            dismiss the window. Setup: SUDO_ASKPASS=/usr/local/bin/pickerd-askpass sudo -A …; \
            SSH_ASKPASS=/usr/local/bin/pickerd-askpass SSH_ASKPASS_REQUIRE=force ssh-add …; \
            GIT_ASKPASS=/usr/local/bin/pickerd-askpass git …
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The prompt (its words are joined by spaces); after -- when it begins with a dash.")
    var prompt: [String] = []

    func run() throws {
        let status = Askpass.run(
            prompt: prompt, environment: POSIX.environment(), socketPath: global.address, name: "pickerctl askpass")
        if status != 0 { throw ExitCode(status) }
    }
}
