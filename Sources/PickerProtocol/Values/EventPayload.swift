import PickerJSON

/// What an event carries beside its `seq`, `type` and `window`.
public enum EventPayload: Sendable, Equatable {
    /// `window.shown`, `window.hidden`, `window.key`, `window.resigned_key`.
    case none
    /// `window.presented`: the new window's summary.
    case presented(WindowSummary)
    /// `window.changed`: the live value, nil when it is secret.
    case changed(value: JSON?)
    /// `window.reordered`: the window's level now.
    case reordered(level: Level, levelName: String?)
    /// `window.dismissed`: the outcome (a secret value left out).
    case dismissed(Outcome)
    /// `quiet.changed`: the quiet hours now in effect, nil when they ended.
    case quietChanged(QuietHours?)

    /// The members it adds to the event's params.
    public var fields: JSONObject {
        switch self {
        case .none:
            return JSONObject()
        case .presented(let summary):
            var fields = summary.fields
            fields[WireName.window] = nil
            return fields
        case .changed(let value):
            guard let value else { return JSONObject() }
            return JSONObject([WireName.value: value])
        case .reordered(let level, let levelName):
            var fields: JSONObject = JSONObject([WireName.level: .integer(Int64(level.value))])
            if let levelName { fields[WireName.levelName] = .string(levelName) }
            return fields
        case .dismissed(let outcome):
            return outcome.fields(includingWindow: false)
        case .quietChanged(let quietHours):
            return quietHours?.fields ?? QuietHours.offFields
        }
    }

    /// Reads the payload of an event of `type` on `window` (nil for an
    /// event of the daemon) from its params.
    public init?(type: EventType, window: WindowID?, params: JSONObject) {
        var withWindow = params
        withWindow[WireName.window] = window.map { .string($0.rawValue) }
        switch type {
        case .shown, .hidden, .key, .resignedKey:
            self = .none
        case .presented:
            guard let summary = WindowSummary(json: .object(withWindow)) else { return nil }
            self = .presented(summary)
        case .changed:
            self = .changed(value: params[WireName.value])
        case .reordered:
            guard let value = params[WireName.level]?.integerValue, let level = Int(exactly: value).flatMap(Level.init)
            else { return nil }
            self = .reordered(level: level, levelName: params[WireName.levelName]?.stringValue)
        case .dismissed:
            guard let outcome = Outcome(json: .object(withWindow)) else { return nil }
            self = .dismissed(outcome)
        case .quietChanged:
            guard let quietHours = QuietHours.read(.object(params)) else { return nil }
            self = .quietChanged(quietHours)
        }
    }
}
