import PickerClient
import PickerJSON
import PickerProtocol

/// One zenity dialog as a pickerd window: the kind it is asked as, and what
/// zenity prints and exits with for the value it ends with.
protocol ZenityDialog: Sendable {
    var kind: BuiltInKind { get }
    /// The window's title when the command line gives no `--title` (zenity's own).
    var defaultTitle: String { get }
    var options: JSONObject { get }
    /// The value the window ends with on `--timeout` (zenity prints what was shown); nil for none.
    var initialValue: JSON? { get }
    /// What zenity does when the window is submitted with `value` (or, with
    /// `timedOut`, when it timed out showing it).
    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer
    /// What answers pickerd's requests for the window (`browse`); nil: none (not browsable).
    var requestHandler: RequestHandler? { get }
    /// The window's message instead of `--text` (a question the dialog asks of its own).
    var message: String? { get }
    /// The dialog asked next when the window ends with `outcome` (GTK's
    /// "replace it?" after a save), or nil: the outcome is answered.
    func askingAgain(after outcome: Outcome) -> (any ZenityDialog)?
}

extension ZenityDialog {
    var requestHandler: RequestHandler? { nil }
    var message: String? { nil }
    func askingAgain(after outcome: Outcome) -> (any ZenityDialog)? { nil }
}

/// What zenity prints on stdout and its exit status.
public struct ZenityAnswer: Equatable, Sendable {
    public var output: String
    public var status: Int32
    /// A sentence of pickerd-zenity's own for stderr (a chosen path it refuses), or empty.
    public var complaint = ""

    public init(_ output: String, status: Int32, complaint: String = "") {
        self.output = output
        self.status = status
        self.complaint = complaint
    }

    public static let ok: Int32 = 0
    /// Cancel, a closed window, and an extra button.
    public static let cancelled: Int32 = 1
    public static let timedOut: Int32 = 5
    /// zenity's exit(-1): a usage error, and here pickerd unreachable.
    public static let failed: Int32 = 255

    static func printed(_ text: String, timedOut: Bool) -> ZenityAnswer {
        ZenityAnswer(text + "\n", status: timedOut ? Self.timedOut : ok)
    }
}
