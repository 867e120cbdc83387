/// A command line zenity refuses: its sentence on stderr, exit 255 (zenity's exit(-1)).
public struct ZenityUsageError: Error, Equatable, Sendable {
    public var sentence: String

    init(_ sentence: String) { self.sentence = sentence }

    /// zenity's words for an option it does not know, a missing or bad argument.
    static let syntax = ZenityUsageError("This option is not available. Please see --help for all possible usages.")
    static let noDialog = ZenityUsageError("You must specify a dialog type. See 'zenity --help' for details")
    static let twoDialogs = ZenityUsageError("Two or more dialog options specified")

    static func notSupported(_ option: String) -> ZenityUsageError {
        ZenityUsageError("--\(option) is not supported for this dialog")
    }
}
