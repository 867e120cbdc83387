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

    static func connected(list: WindowList, details: [WindowDetails?], quiet: QuietHours?, waiting: Int, now: Timestamp) -> JSON {
        var state = JSONObject()
        state[PageName.connected] = true
        state[WireName.key] = list.key.map { .string($0.rawValue) } ?? .null
        state[WireName.windows] = .array(zip(list.windows, details).map { summary, details in window(summary, details) })
        if let quiet {
            var fields = quiet.fields
            fields[PageName.waiting] = .integer(Int64(waiting))
            state[PageName.quiet] = .object(fields)
        }
        state[PageName.now] = .string(now.rfc3339)
        return .object(state)
    }

    /// A window's summary with its `message`, `options` and live `value`,
    /// the kind it is drawn as, and whether any of its values is secret.
    private static func window(_ summary: WindowSummary, _ details: WindowDetails?) -> JSON {
        var fields = summary.fields
        fields[PageName.shape] = .string((summary.builtInKind ?? .text).name)
        if let asker = WhoAsks(summary.owner) {
            fields[PageName.asker] = .object(JSONObject([PageName.text: .string(asker.line), PageName.anotherUser: .bool(asker.isAnotherUser)]))
        }
        guard let details else {
            // Without its options the page cannot draw it; never send it live.
            fields[PageName.secure] = true
            return .object(fields)
        }
        if let message = details.message { fields[WireName.message] = .string(message) }
        fields[WireName.options] = details.options
        if let value = details.value { fields[WireName.value] = value }
        fields[PageName.secure] = .bool(summary.builtInKind?.holdsSecret(options: details.options) ?? false)
        return .object(fields)
    }
}
