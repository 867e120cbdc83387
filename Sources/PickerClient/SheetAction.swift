import PickerJSON
import PickerProtocol

/// One button of an action sheet (the `actions` kind): its label, unique in
/// the sheet, and its role.
public struct SheetAction: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable {
        case `default`
        /// At most one: choosing it ends the window as `cancelled`.
        case cancel
        case destructive
    }

    public var label: String
    public var role: Role?

    public init(_ label: String, role: Role? = nil) {
        self.label = label
        self.role = role
    }

    var json: JSON {
        var object = JSONObject([ActionOption.label: .string(label)])
        if let role { object[ActionOption.role] = .string(role.rawValue) }
        return .object(object)
    }
}

/// The action the person chose in a sheet: its place, its label, and its role
/// (`.cancel` for the one that cancels).
public struct ChosenAction: Sendable, Hashable {
    public var index: Int
    public var label: String
    public var role: SheetAction.Role?

    public init(index: Int, label: String, role: SheetAction.Role? = nil) {
        self.index = index
        self.label = label
        self.role = role
    }

    /// An `actions` value, `{index, label}`, of one of `actions`.
    init?(value: JSON, of actions: [SheetAction]) {
        guard let index = value[ActionsValue.index]?.integerValue.flatMap(Int.init(exactly:)),
            actions.indices.contains(index),
            value[ActionsValue.label]?.stringValue == actions[index].label
        else { return nil }
        self.init(index: index, label: actions[index].label, role: actions[index].role)
    }
}
