import PickerJSON
import PickerProtocol

/// A zenity command line's window: its dialog, `--title`, `--text` (plain,
/// see `ZenityText`) and `--timeout`, and how its outcome is printed.
struct ZenityWindow: Sendable {
    var dialog: any ZenityDialog
    var title: String?
    var text: String?
    var timeoutSeconds: Int?

    init(_ name: ZenityDialogName, _ commandLine: ZenityCommandLine, standardInput: () -> [String])
        throws(ZenityUsageError)
    {
        switch name {
        case .entry: dialog = ZenityEntry(commandLine)
        case .password: dialog = ZenityPassword(commandLine)
        case .question, .info, .warning, .error: dialog = ZenityMessage(name, commandLine)
        case .calendar: dialog = ZenityCalendar(commandLine)
        case .list: dialog = try ZenityList(commandLine, standardInput: standardInput)
        case .forms: dialog = ZenityForms(commandLine)
        case .scale: dialog = try ZenityScale(commandLine)
        case .progress: dialog = ZenityProgress(commandLine)
        case .fileSelection: dialog = ZenityFileSelection(commandLine)
        case .notification, .textInfo, .colorSelection:
            throw ZenityUsageError("\(name.option) is not supported by pickerd-zenity: \(name.refusal ?? "")")
        }
        title = commandLine.value("title")
        text = commandLine.value("text").map { given in
            // An entry's label is a mnemonic; the others read Pango markup unless --no-markup.
            name == .entry ? ZenityText.mnemonic(given) : ZenityText.plain(given, markup: !commandLine.has("no-markup"))
        }
        // zenity ignores a timeout of 0 or less; 3.44's file selection never times out (its
        // timer casts the GtkFileChooserNative to a GtkDialog, which fails).
        timeoutSeconds = name == .fileSelection ? nil : commandLine.integer("timeout").flatMap { $0 > 0 ? $0 : nil }
    }

    /// The `present` call, its title and message cut to the daemon's limits.
    func presentation(limits: HelloReply?) -> Present {
        Present(
            kind: dialog.kind.name,
            title: HelloReply.fitting(title ?? dialog.defaultTitle, .maxTitleBytes, in: limits),
            message: (dialog.message ?? text).map { HelloReply.fitting($0, .maxMessageBytes, in: limits) },
            level: .named("normal"), options: dialog.options,
            timeoutMilliseconds: timeoutSeconds.map { Int64($0) * 1000 },
            defaultValue: timeoutSeconds == nil ? nil : dialog.initialValue, tag: Zenity.tag, onDisconnect: .dismiss,
            browsable: dialog.requestHandler != nil)
    }

    /// What zenity prints and exits with when the window ends with `outcome`.
    func answer(to outcome: Outcome) -> ZenityAnswer {
        switch outcome.reason {
        case .submitted: dialog.answer(outcome.value, timedOut: false)
        case .timeout: dialog.answer(outcome.value ?? dialog.initialValue, timedOut: true)
        default: ZenityAnswer("", status: ZenityAnswer.cancelled)
        }
    }
}
