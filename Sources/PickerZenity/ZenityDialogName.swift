/// The dialogs zenity 3.44 knows, each named by the option that chooses it.
public enum ZenityDialogName: String, CaseIterable, Sendable {
    case calendar, entry, error, info
    case fileSelection = "file-selection"
    case list, notification, progress, question, warning, scale
    case textInfo = "text-info"
    case colorSelection = "color-selection"
    case password, forms

    /// `--entry`, as a person types it.
    public var option: String { "--" + rawValue }

    /// Why pickerd-zenity does not ask this dialog (yet), said on stderr; nil for those it asks.
    var refusal: String? {
        switch self {
        case .calendar, .entry, .error, .info, .list, .question, .warning, .scale, .password, .forms, .progress,
            .fileSelection:
            nil
        case .notification: "a notification asks nothing: use pickerctl notify"
        case .textInfo: "pickerd has no kind that shows a document to read"
        case .colorSelection: "pickerd has no colour kind"
        }
    }
}
