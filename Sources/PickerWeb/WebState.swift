import PickerClient
import PickerJSON
import PickerProtocol

/// What `GET /api/state` answers (docs/web.md, "State").
enum WebState {
    static func disconnected(reason: String) -> JSON {
        var state = JSONObject()
        state[PageName.connected] = false
        state[PageName.reason] = .string(reason)
        state[WireName.key] = .null
        state[WireName.windows] = []
        state[PageName.now] = .string(Timestamp.now().rfc3339)
        return .object(state)
    }

    /// The stack of every host followed (one host: its own stack, unqualified).
    static func connected(_ stack: MultiHostStack, now: Timestamp) -> JSON {
        let merged = stack.merged
        var state = JSONObject()
        state[PageName.connected] = true
        state[WireName.key] = merged.list.key.map { .string($0.rawValue) } ?? .null
        state[WireName.windows] = .array(
            merged.windows.map { summary in
                let host = stack.isQualified ? stack.locate(summary.window).map { stack.hosts[$0.host].label } : nil
                var fields = window(summary, merged.details(of: summary.window), host: host)
                if let host { fields[PageName.host] = .string(host) }
                return .object(fields)
            })
        if stack.isQualified { state[PageName.hosts] = .array(stack.hosts.map(host)) }
        if let quiet = merged.quiet {
            var fields = quiet.fields
            fields[PageName.waiting] = .integer(Int64(merged.waitingWindows))
            state[PageName.quiet] = .object(fields)
        }
        state[PageName.now] = .string(now.rfc3339)
        return .object(state)
    }

    /// A followed host: its label, whether it is read now, and why it went away.
    private static func host(_ host: MultiHostStack.Host) -> JSON {
        var fields = JSONObject()
        fields[PageName.label] = .string(host.label)
        fields[PageName.connected] = .bool(host.snapshot != nil)
        if let reason = host.lostBecause { fields[PageName.reason] = .string(reason) }
        return .object(fields)
    }

    /// A window's summary with its `message`, `options` and live `value`,
    /// the kind it is drawn as, and whether any of its values is secret;
    /// `host`: the label of the host that asked, when several are followed.
    private static func window(_ summary: WindowSummary, _ details: WindowDetails?, host: String?) -> JSONObject {
        var fields = summary.fields
        // A kind that is neither built in nor a preset is typed as text.
        let shape = summary.builtInKind ?? .text
        fields[PageName.shape] = .string(shape.name)
        if let asker = WhoAsks(summary.owner) {
            fields[PageName.asker] = .object(
                JSONObject([
                    PageName.text: .string(asker.line(onHost: host)), PageName.anotherUser: .bool(asker.isAnotherUser),
                ]))
        }
        guard let details else {
            // Without its options the page cannot draw it; never send it live.
            fields[PageName.secure] = true
            return fields
        }
        if let message = details.message { fields[WireName.message] = .string(message) }
        fields[WireName.options] = options(details.options, drawnAs: shape)
        if let value = details.value { fields[WireName.value] = value }
        fields[PageName.secure] = .bool(summary.builtInKind?.holdsSecret(options: details.options) ?? false)
        return fields
    }

    /// A window's canonical options as the page reads them: each form field,
    /// at any depth, with the `shape` it is drawn as (a preset's base, which
    /// pickerd writes into the field), so the page never works a kind out.
    static func options(_ options: JSON, drawnAs shape: BuiltInKind) -> JSON {
        switch shape {
        case .form:
            guard case .object(var object) = options, let fields = options[FormOption.fields]?.arrayValue else {
                return options
            }
            object[FormOption.fields] = .array(fields.map(fieldWithShape))
            return .object(object)
        case .date, .custom, .text, .actions, .list, .number, .progress, .file:
            return options
        }
    }

    private static func fieldWithShape(_ json: JSON) -> JSON {
        guard case .object(var object) = json, let field = FormField(json: json) else { return json }
        let shape = field.builtInKind ?? .text
        object[PageName.shape] = .string(shape.name)
        if object[FormFieldOption.options] != nil {
            object[FormFieldOption.options] = options(field.options, drawnAs: shape)
        }
        return .object(object)
    }
}
