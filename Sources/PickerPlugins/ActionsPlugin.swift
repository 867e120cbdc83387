import PickerCore
import PickerJSON
import PickerProtocol

/// `actions`: an action sheet; choosing the `cancel` action cancels the window.
public struct ActionsPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.actions

    public var optionsSchema: JSON {
        let action = OptionsSchema.closedObject(
            required: [ActionOption.label],
            [
                .label: ["type": "string", "minLength": 1, "maxLength": .integer(Int64(PluginLimits.labelLength))],
                .role: ["enum": ["default", "cancel", "destructive"]],
            ])
        var actions = OptionsSchema.list(of: action, maxItems: PluginLimits.actions)
        actions["description"] = "labels are unique; at most one action has the cancel role"
        return OptionsSchema.closedObject(required: [ActionsOption.actions], [.actions: .object(actions)])
    }

    public var valueSchema: JSON {
        [
            "type": "object", "required": .array(ActionsValue.allCases.map { .string($0.rawValue) }),
            "properties": .object(
                JSONObject([ActionsValue.index: ["type": "integer", "minimum": 0], .label: ["type": "string"]])),
            "description": "submit accepts {index}, {label}, {index, label}, a bare index or a bare label",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let list = try OptionReader(options, kind: kind, known: ActionsOption.names).objects(
            ActionsOption.actions.rawValue, atMost: PluginLimits.actions,
            missing: "an actions picker needs option '\(ActionsOption.actions)' with at least one action",
            holder: "an action sheet", item: ("an action", "action", #"{"label":"Save"}"#), known: ActionOption.names)
        var actions: [PreparedActions.Action] = []
        actions.reserveCapacity(list.count)
        var labels = Set<String>()
        var hasCancel = false
        for (index, fields) in list {
            guard let label = try fields.string(ActionOption.label), !label.isEmpty else {
                throw PluginRejection("action \(index + 1) needs a non-empty label")
            }
            try PluginLimits.checkLength(label, of: "the label of action \(index + 1)")
            guard labels.insert(label).inserted else {
                throw PluginRejection("two actions are labelled '\(label.prefix(40))'; labels must be unique")
            }
            let roleName = try fields.string(ActionOption.role) ?? "default"
            guard let role = PreparedActions.Role(rawValue: roleName) else {
                throw PluginRejection(
                    "action '\(label.prefix(40))' has role '\(roleName.prefix(20))'; use default, cancel or destructive"
                )
            }
            if role == .cancel {
                guard !hasCancel else { throw PluginRejection("only one action may have the cancel role") }
                hasCancel = true
            }
            actions.append(.init(label: label, role: role, roleGiven: fields[ActionOption.role] != nil))
        }
        return PreparedActions(actions: actions)
    }
}

/// An action sheet's actions for one window.
struct PreparedActions: PreparedPicker {
    enum Role: String, Sendable {
        case `default`
        case cancel
        case destructive
    }

    struct Action: Sendable {
        var label: String
        var role: Role
        var roleGiven: Bool
    }

    let actions: [Action]

    var options: JSON {
        let described: [JSON] = actions.map { action in
            var object = JSONObject([ActionOption.label: .string(action.label)])
            if action.roleGiven { object[ActionOption.role] = .string(action.role.rawValue) }
            return .object(object)
        }
        return .object(JSONObject([ActionsOption.actions: .array(described)]))
    }

    /// Starts on the first action that is not a cancel, as a sheet highlights it.
    var initialValue: JSON? {
        let index = actions.firstIndex { $0.role != .cancel } ?? 0
        return choice(index)
    }

    /// An action sheet has no `initial`: its start is always its own.
    var givenInitialValue: JSON? { nil }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        switch value {
        case .integer, .double:
            return choice(try index(value))
        case .string(let label):
            return choice(try index(ofLabel: label))
        case .object(let object):
            let byIndex = try object["index"].map { (json) throws(PluginRejection) in try index(json) }
            let byLabel = try object[ActionOption.label].map { (json) throws(PluginRejection) -> Int in
                guard let label = json.stringValue else {
                    throw PluginRejection("an action's label must be a string, not \(json.typeDescription)")
                }
                return try index(ofLabel: label)
            }
            switch (byIndex, byLabel) {
            case (let index?, let labelIndex?) where index != labelIndex:
                throw PluginRejection(
                    "index \(index) and label '\(actions[labelIndex].label.prefix(40))' name different actions")
            case (let index?, _), (nil, let index?):
                return choice(index)
            case (nil, nil):
                throw PluginRejection("an action value needs an index or a label")
            }
        default:
            throw PluginRejection(
                "an action value must be an index, a label or {index, label}, not \(value.typeDescription)")
        }
    }

    func reason(forSubmitting value: JSON) -> OutcomeReason {
        guard let index = value["index"]?.integerValue else { return .submitted }
        return actions[Int(index)].role == .cancel ? .cancelled : .submitted
    }

    private func choice(_ index: Int) -> JSON {
        .object(JSONObject([ActionsValue.index: .integer(Int64(index)), .label: .string(actions[index].label)]))
    }

    private func index(_ json: JSON) throws(PluginRejection) -> Int {
        guard let index = json.integerValue else {
            throw PluginRejection("an action's index must be an integer, not \(json.typeDescription)")
        }
        guard index >= 0, index < actions.count else {
            throw PluginRejection(
                "there is no action at index \(index); the \(actions.count) actions have the indices 0–\(actions.count - 1)"
            )
        }
        return Int(index)
    }

    private func index(ofLabel label: String) throws(PluginRejection) -> Int {
        guard let index = actions.firstIndex(where: { $0.label == label }) else {
            throw PluginRejection(
                "no action is labelled '\(label.prefix(40))'; the labels are \(actions.map(\.label).listed())")
        }
        return index
    }
}
