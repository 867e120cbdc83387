import PickerJSON
import PickerProtocol

/// `--question`, `--info`, `--warning` and `--error`: an action sheet. OK
/// (`--ok-label`; "Yes" for a question) exits 0 and prints nothing; Cancel
/// (`--cancel-label`; "No"; a question's only) exits 1; an `--extra-button`
/// prints its label and exits 1, as zenity does. `--switch` leaves only the
/// extra buttons.
struct ZenityMessage: ZenityDialog {
    var dialog: ZenityDialogName
    var okLabel: String
    var cancelLabel: String?
    var extraLabels: [String]

    init(_ dialog: ZenityDialogName, _ commandLine: ZenityCommandLine) {
        self.dialog = dialog
        let question = dialog == .question
        okLabel = commandLine.value("ok-label") ?? (question ? "Yes" : "OK")
        cancelLabel = question ? commandLine.value("cancel-label") ?? "No" : nil
        extraLabels = commandLine.values("extra-button")
        switchesOnly = question && commandLine.has("switch")
    }

    /// `--switch`: no OK and no Cancel, only the extra buttons.
    var switchesOnly = false

    var kind: BuiltInKind { .actions }
    var defaultTitle: String {
        switch dialog {
        case .question: "Question"
        case .warning: "Warning"
        case .error: "Error"
        default: "Information"
        }
    }

    /// The sheet's actions, in order: OK, the extra buttons, Cancel. Labels
    /// must differ in pickerd; a repeated one is shown once.
    var labels: [(label: String, role: String?)] {
        var actions: [(label: String, role: String?)] = switchesOnly ? [] : [(okLabel, "default")]
        actions += extraLabels.map { ($0, nil) }
        if let cancelLabel, !switchesOnly { actions.append((cancelLabel, "cancel")) }
        var seen = Set<String>()
        return actions.filter { seen.insert($0.label).inserted }
    }

    var options: JSONObject {
        let actions = labels.map { action -> JSON in
            var member = JSONObject([ActionOption.label: .string(action.label)])
            if let role = action.role { member[ActionOption.role] = .string(role) }
            return .object(member)
        }
        return JSONObject([ActionsOption.actions: .array(actions)])
    }
    var initialValue: JSON? { nil }

    func answer(_ value: JSON?, timedOut: Bool) -> ZenityAnswer {
        if timedOut { return ZenityAnswer("", status: ZenityAnswer.timedOut) }
        guard let index = value?[ActionsValue.index]?.integerValue, labels.indices.contains(Int(index)) else {
            return ZenityAnswer("", status: ZenityAnswer.cancelled)
        }
        let chosen = labels[Int(index)]
        switch chosen.role {
        case "default": return ZenityAnswer("", status: ZenityAnswer.ok)
        case "cancel": return ZenityAnswer("", status: ZenityAnswer.cancelled)
        default: return ZenityAnswer(chosen.label + "\n", status: ZenityAnswer.cancelled)
        }
    }
}
