import PickerJSON
import PickerProtocol

/// Something that happened to a window, in the order the model did it.
public struct PickerEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        case presented = "window.presented"
        case shown = "window.shown"
        case hidden = "window.hidden"
        case key = "window.key"
        case resignedKey = "window.resigned_key"
        case reordered = "window.reordered"
        case changed = "window.changed"
        case dismissed = "window.dismissed"
    }

    /// Grows by exactly one per event across the whole daemon.
    public var seq: UInt64
    public var kind: Kind
    public var window: WindowID
    /// The event's members beside `seq`, `type` and `window` (secret values left out).
    public var fields: JSONObject
    /// For `window.dismissed`: the outcome itself, value included, for the
    /// store and the window's waiters (not on the wire; `fields` is).
    public var outcome: RecordedOutcome?

    public init(seq: UInt64, kind: Kind, window: WindowID, fields: JSONObject = JSONObject(), outcome: RecordedOutcome? = nil) {
        self.seq = seq
        self.kind = kind
        self.window = window
        self.fields = fields
        self.outcome = outcome
    }
}
