import ArgumentParser
import PickerPinentry

/// `pickerctl pinentry`: a pinentry for gpg-agent on stdin and stdout, each
/// question a pickerd window; the program `pinentry-pickerd` is the same for
/// gpg-agent's `pinentry-program`, which takes no arguments.
struct PinentryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pinentry",
        abstract:
            "Be gpg-agent's pinentry: its passphrase questions become pickerd windows (also the program pinentry-pickerd).",
        discussion: """
            Speaks the Assuan pinentry protocol on stdin and stdout, as pinentry-tty does. GETPIN \
            is a secure text window at level alert (with SETREPEAT, asked twice until both agree), \
            CONFIRM an action sheet with its OK, Cancel and NotOK labels, MESSAGE a notice. The \
            window says who asks (gpg and gpg-agent, with their pids). A cancel answers \
            "Operation cancelled", SETTIMEOUT's time "Timeout". The passphrase is never printed \
            but to gpg-agent, nor logged. Set it up in ~/.gnupg/gpg-agent.conf: \
            pinentry-program /usr/local/bin/pinentry-pickerd, then gpgconf --kill gpg-agent. \
            pinentry's own options (--display, --ttyname, …) are accepted.
            """)

    @OptionGroup var global: GlobalOptions

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("pinentry's options, accepted as pinentry takes them.", valueName: "option"))
    var pinentryOptions: [String] = []

    func run() throws {
        var arguments = PinentryProgram.arguments(pinentryOptions)
        if let socket = global.address { arguments.socket = socket }
        throw ExitCode(PinentryProgram.run(arguments, name: "pickerctl pinentry"))
    }
}
