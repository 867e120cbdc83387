/// An Assuan error answer, `ERR <code> <description> <<source>>`, as
/// libassuan writes it for a libgpg-error code. The code is what gpg-agent
/// reads (source in the top bits, error below); the words are for people.
public struct AssuanError: Error, Sendable, Equatable {
    /// libgpg-error's sources: Pinentry's own (5), and libassuan's
    /// "User defined source 1" (32) for the protocol's errors.
    enum Source: UInt32 {
        case pinentry = 5
        case assuan = 32

        var name: String {
            switch self {
            case .pinentry: "Pinentry"
            case .assuan: "User defined source 1"
            }
        }
    }

    var source: Source
    /// libgpg-error's code (`GPG_ERR_…`).
    var number: UInt32
    var description: String
    /// What libassuan adds after ` - `, e.g. why a line was refused.
    var detail: String?

    /// The number gpg-agent reads: the source in bits 24 and up, then the code.
    public var code: UInt32 { source.rawValue << 24 | number }

    /// The answer line, without its newline.
    public var line: String {
        "ERR \(code) \(description) <\(source.name)>" + (detail.map { " - \($0)" } ?? "")
    }

    /// GPG_ERR_CANCELED: the person cancelled (or the window went away unanswered).
    public static let cancelled = AssuanError(source: .pinentry, number: 99, description: "Operation cancelled")
    /// GPG_ERR_TIMEOUT: SETTIMEOUT's time passed.
    public static let timeout = AssuanError(source: .pinentry, number: 62, description: "Timeout")
    /// GPG_ERR_NOT_CONFIRMED: CONFIRM answered with the SETNOTOK button.
    public static let notConfirmed = AssuanError(source: .pinentry, number: 114, description: "Not confirmed")
    /// GPG_ERR_NO_PIN_ENTRY: pickerd could not be asked (not running, refused the window).
    public static let noPinentry = AssuanError(source: .pinentry, number: 85, description: "No pinentry")
    /// GPG_ERR_UNKNOWN_OPTION: an OPTION pinentry does not know.
    public static let unknownOption = AssuanError(source: .pinentry, number: 174, description: "Unknown option")
    /// GPG_ERR_ASS_PARAMETER: GETINFO of something unknown.
    public static let parameter = AssuanError(source: .pinentry, number: 280, description: "IPC parameter error")
    /// GPG_ERR_ASS_UNKNOWN_CMD.
    public static let unknownCommand = AssuanError(source: .assuan, number: 275, description: "Unknown IPC command")
    /// GPG_ERR_NOT_IMPLEMENTED (END: pinentry takes no data).
    public static let notImplemented = AssuanError(source: .assuan, number: 69, description: "Not implemented")
    /// GPG_ERR_ASS_LINE_TOO_LONG: a line over `AssuanLineReader.longestLine` bytes.
    public static let lineTooLong = AssuanError(
        source: .assuan, number: 263, description: "Line passed to IPC too long")

    /// GPG_ERR_ASS_SYNTAX, with libassuan's reason.
    static func syntax(_ detail: String) -> AssuanError {
        AssuanError(source: .assuan, number: 276, description: "IPC syntax error", detail: detail)
    }
}
