import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import Testing

/// Prepares a built-in kind at a fixed time and zone, and checks values against it.
struct PluginHarness {
    var now: Timestamp
    var timeZone: String

    /// 2026-01-31T10:20:30Z, a month end, so relative months show their clamping.
    init(now: Timestamp = Timestamp(milliseconds: 1_769_854_830_000), timeZone: String = "UTC") {
        self.now = now
        self.timeZone = timeZone
    }

    var context: PluginContext {
        PluginContext(now: now, timeZone: timeZone, registry: .builtIn)
    }

    func prepare(_ kind: String, _ options: JSONObject = [:]) throws(PluginRejection) -> any PreparedPicker {
        try PluginRegistry.builtIn.plugin(for: kind)!.prepare(options: options, context: context)
    }

    /// The rejection message for options, or nil when they are accepted.
    func optionsError(_ kind: String, _ options: JSONObject) -> String? {
        do {
            _ = try prepare(kind, options)
            return nil
        } catch {
            return error.message
        }
    }

    func normalize(_ kind: String, _ options: JSONObject, _ value: JSON) throws(PluginRejection) -> JSON {
        try prepare(kind, options).normalize(value, context: context)
    }

    /// The rejection for a value, or nil when it is accepted.
    func valueError(_ kind: String, _ options: JSONObject, _ value: JSON) -> PluginRejection? {
        do {
            _ = try normalize(kind, options, value)
            return nil
        } catch {
            return error
        }
    }

    /// Expects each value to be rejected with exactly its message.
    func expectRejections(
        _ kind: String, _ options: JSONObject, _ messages: KeyValuePairs<JSON, String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for (value, message) in messages {
            #expect(valueError(kind, options, value)?.message == message, sourceLocation: sourceLocation)
        }
    }
}
