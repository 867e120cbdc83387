/// What an askpass prompt asks for, as the asking programs say it: by
/// `SSH_ASKPASS_PROMPT` (OpenSSH's hint) first, else by the prompt's words.
///
/// Anything not known to be public is a secret: an askpass program is asked
/// for passwords, passphrases and PINs (sudo's `[sudo] password for alice: `,
/// ssh's `Enter passphrase for key …: `, git's `Password for 'https://…': `,
/// a FIDO or PKCS#11 `Enter PIN for …: `), and a question wrongly taken for a
/// secret only hides what is typed, while the other way round would show it.
public enum AskpassQuestion: Sendable, Equatable {
    /// A secure text window: what is typed is never shown, logged or kept.
    case secret
    /// A plain text window: git's `Username for 'https://…': `, and ssh's
    /// host-key question, which wants `yes`, `no` or a fingerprint typed.
    case plainText
    /// `SSH_ASKPASS_PROMPT=confirm` (an `ssh-add -c` key in use): yes or
    /// no, as the exit status; ssh-agent takes exit 0 as yes.
    case confirm
    /// `SSH_ASKPASS_PROMPT=none` (a FIDO key waiting to be touched): a notice
    /// that ends when ssh sends SIGTERM; nothing is answered.
    case notice

    /// The environment variable OpenSSH sets for the hint.
    public static let hintVariable = "SSH_ASKPASS_PROMPT"

    /// The question `prompt` asks, with OpenSSH's `hint` (nil when unset). An
    /// unknown hint counts as none, as OpenSSH's own askpass programs take it.
    public init(prompt: String, hint: String?) {
        switch hint?.lowercased() {
        case "confirm":
            self = .confirm
        case "none":
            self = .notice
        default:
            let words = prompt.lowercased()
            if words.hasPrefix("username") || words.contains("username for '") || words.contains("(yes/no") {
                self = .plainText
            } else {
                self = .secret
            }
        }
    }
}
