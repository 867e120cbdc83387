import PickerJSON
import PickerProtocol

/// An action sheet: a vertical list; the destructive action is marked, and
/// Escape chooses the cancel action when there is one.
struct ActionList: PickerView {
    struct Action {
        var label: String
        var role: String
    }

    let actions: [Action]
    var selected: Int

    init(options: JSON, value: JSON?) {
        actions = (options[ActionsOption.actions]?.arrayValue ?? []).map {
            Action(
                label: $0[ActionOption.label]?.stringValue ?? "?", role: $0[ActionOption.role]?.stringValue ?? "default"
            )
        }
        selected = Int(value?[ActionsValue.index]?.integerValue ?? 0)
    }

    var isSecret: Bool { false }
    var hints: String { "↑↓ choose" }
    var value: JSON { .object(JSONObject([ActionsValue.index: .integer(Int64(selected))])) }

    /// The cancel action's choice, for Escape.
    var cancelChoice: JSON? {
        actions.firstIndex { $0.role == "cancel" }.map {
            .object(JSONObject([ActionsValue.index: .integer(Int64($0))]))
        }
    }

    mutating func handle(_ key: Key) -> ViewAction {
        switch key {
        case .down, .tab:
            guard selected < actions.count - 1 else { return .none }
            selected += 1
            return .changed
        case .up, .backTab:
            guard selected > 0 else { return .none }
            selected -= 1
            return .changed
        case .enter:
            return .submit
        case .escape:
            return cancelChoice.map(ViewAction.submitValue) ?? .none
        default:
            return .none
        }
    }

    func render(width: Int, height: Int, focused: Bool) -> [Line] {
        actions.enumerated().map { index, action in
            let marker = index == selected ? "▸ " : "  "
            let note = action.role == "destructive" ? "  (destructive)" : action.role == "cancel" ? "  (cancel)" : ""
            let style: Line.Style =
                index == selected && focused ? .reverse : action.role == "destructive" ? .warning : .plain
            return Line("  " + marker) + Line(action.label, style)
                + Line(note, action.role == "destructive" ? .warning : .dim)
        }
    }
}
