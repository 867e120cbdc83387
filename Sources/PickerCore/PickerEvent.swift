import PickerJSON
import PickerProtocol

/// Something that happened to a window, or to the daemon as a whole (quiet
/// hours), in the order the model did it.
public struct PickerEvent: Sendable, Equatable {
    public typealias Kind = EventType

    /// Grows by exactly one per event across the whole daemon.
    public var seq: UInt64
    public var kind: Kind
    /// nil for an event of the daemon as a whole (`quiet.changed`).
    public var window: WindowID?
    /// What subscribers are sent beside `seq`, `type` and `window` (secret values left out).
    public var payload: EventPayload
    /// For `window.dismissed`: the outcome itself, value included, for the
    /// store and the window's waiters (not on the wire; `payload` is).
    public var outcome: RecordedOutcome?

    /// The payload's members, as subscribers get them.
    public var fields: JSONObject { payload.fields }

    public init(
        seq: UInt64, kind: Kind, window: WindowID?, payload: EventPayload = .none, outcome: RecordedOutcome? = nil
    ) {
        self.seq = seq
        self.kind = kind
        self.window = window
        self.payload = payload
        self.outcome = outcome
    }
}
