import PickerCore
import PickerJSON
import PickerProtocol

/// `progress`: how far a task has come, as `zenity --progress`. The asker
/// moves it with `update` and the person only watches or cancels it
/// (`isMovedByAsker`); the value is `{percent, text?}` (`ProgressState`).
public struct ProgressPlugin: BuiltInPlugin {
    public let builtIn = BuiltInKind.progress

    public var optionsSchema: JSON {
        OptionsSchema.closedObject(
            [
                .pulsate: ["type": "boolean", "default": false, "description": "no percentage is known: a moving bar"],
                .autoClose: [
                    "type": "boolean", "default": false, "description": "the window ends submitted when 100 is reached",
                ],
                .cancellable: ["type": "boolean", "default": true, "description": "the person may cancel it"],
            ] as KeyValuePairs<ProgressOption, JSON>)
    }

    public var valueSchema: JSON {
        [
            "type": "object", "required": [.string(ProgressValue.percent.rawValue)],
            "properties": .object(
                JSONObject([
                    ProgressValue.percent: [
                        "type": ["number", "null"], "minimum": 0, "maximum": 100,
                        "description": "null while pulsating",
                    ],
                    .text: ["type": "string", "maxLength": .integer(Int64(ProgressState.longestText))],
                ])),
            "description":
                "set only by the asker's connection with update; a bare percent (a number or a numeric string) is accepted",
        ]
    }

    public func prepare(options: JSONObject, context: PluginContext) throws(PluginRejection) -> any PreparedPicker {
        let reader = try OptionReader(options, kind: kind, known: ProgressOption.names)
        return PreparedProgress(
            pulsates: try reader.bool(ProgressOption.pulsate) ?? false,
            closesAtEnd: try reader.bool(ProgressOption.autoClose) ?? false,
            isCancellable: try reader.bool(ProgressOption.cancellable) ?? true)
    }
}

/// A progress window's options.
struct PreparedProgress: PreparedPicker {
    let pulsates: Bool
    let closesAtEnd: Bool
    let isCancellable: Bool

    var options: JSON {
        .object(
            JSONObject([
                ProgressOption.pulsate: .bool(pulsates), .autoClose: .bool(closesAtEnd),
                .cancellable: .bool(isCancellable),
            ]))
    }

    var initialValue: JSON? { ProgressState(percent: pulsates ? nil : 0).json }
    var isMovedByAsker: Bool { true }

    /// In a form the person ends the window: submits it, or cancels it as a
    /// whole, so neither option can mean anything there.
    var problemAsField: String? {
        if closesAtEnd {
            return
                "'\(ProgressOption.autoClose)' has no meaning in a form's field: the person submits the form, so leave it out"
        }
        if !isCancellable {
            return
                "'\(ProgressOption.cancellable)' has no meaning in a form's field: a form is cancelled as a whole, so leave it out"
        }
        return nil
    }

    func reason(forUpdating value: JSON) -> OutcomeReason? {
        closesAtEnd && ProgressState(drawing: value).isComplete ? .submitted : nil
    }

    func normalize(_ value: JSON, context: PluginContext) throws(PluginRejection) -> JSON {
        switch value {
        case .object(let object):
            if let unknown = object.keys.first(where: { !ProgressValue.names.contains($0) }) {
                throw PluginRejection(
                    "a progress value has '\(ProgressValue.percent)' and '\(ProgressValue.text)', not '\(unknown.prefix(40))'"
                )
            }
            var text: String?
            switch object[ProgressValue.text] {
            case nil: break
            case .string(let given)?:
                if let problem = ProgressState.problem(with: given) { throw PluginRejection(problem) }
                text = given
            case let other?:
                throw PluginRejection("a progress's text must be a string, not \(other.typeDescription)")
            }
            guard let percent = object[ProgressValue.percent] else {
                throw PluginRejection("a progress value needs '\(ProgressValue.percent)', like {\"percent\": 40}")
            }
            return ProgressState(percent: try self.percent(percent), text: text).json
        default:
            return ProgressState(percent: try percent(value)).json
        }
    }

    /// A percent: a number from 0 to 100 (or a numeric string), or null while pulsating.
    private func percent(_ value: JSON) throws(PluginRejection) -> Double? {
        let number: Double
        switch value {
        case .null:
            guard pulsates else {
                throw PluginRejection("a progress's percent is null only while it pulsates (option 'pulsate')")
            }
            return nil
        case .integer, .double:
            number = value.doubleValue!
        case .string(let text):
            // Decimal digits only: Double(_:) would also read "inf", "nan" and hex.
            guard text.allSatisfy({ "0123456789+-.eE".contains($0) }), let parsed = Double(text) else {
                throw PluginRejection("'\(text.prefix(40))' is not a percent")
            }
            number = parsed
        default:
            throw PluginRejection("a progress's percent must be a number from 0 to 100, not \(value.typeDescription)")
        }
        guard number.isFinite, (0...100).contains(number) else {
            throw PluginRejection("a progress's percent must be a number from 0 to 100")
        }
        return number
    }
}
