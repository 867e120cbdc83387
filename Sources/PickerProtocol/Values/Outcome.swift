import PickerJSON

/// A window's outcome as the wire carries it: `{window, reason, value?, by?, at}`.
/// `value` is absent when there was none or the reader may not see it.
/// `history` adds the ended window's `kind` and `title`:
/// `{window, kind?, title?, reason, value?, by?, at}`.
public struct Outcome: Sendable, Hashable {
    public var window: WindowID
    /// The ended window's kind and title: in `history` only (and absent for an
    /// outcome kept by a pickerd from before they were kept).
    public var kind: String?
    public var title: String?
    public var reason: OutcomeReason
    public var value: JSON?
    /// Who ended the window (absent for a timeout, a shutdown or an owner gone).
    public var by: Peer?
    public var at: Timestamp

    public init(
        window: WindowID, kind: String? = nil, title: String? = nil, reason: OutcomeReason, value: JSON?, by: Peer?,
        at: Timestamp
    ) {
        self.window = window
        self.kind = kind
        self.title = title
        self.reason = reason
        self.value = value
        self.by = by
        self.at = at
    }

    public var json: JSON { .object(fields(includingWindow: true)) }

    /// The outcome's members; a `window.dismissed` event puts them beside its own `window`.
    public func fields(includingWindow: Bool) -> JSONObject {
        includingWindow ? JSONObject(shape: self) : JSONObject(shape: WithoutWindow(outcome: self))
    }

    /// The outcome's one wire shape; `includingWindow` false for an event's.
    func writeMembers(to writer: inout some JSONMemberWriter, includingWindow: Bool) {
        if includingWindow { writer.write(WireName.window, .string(window.rawValue)) }
        if let kind { writer.write(WireName.kind, .string(kind)) }
        if let title { writer.write(WireName.title, .string(title)) }
        writer.write(WireName.reason, .string(reason.rawValue))
        if let value { writer.write(WireName.value, value) }
        if let by { writer.write(WireName.by, object: by) }
        writer.write(WireName.at, .string(at.rfc3339))
    }

    /// An event's outcome members, without `window`.
    private struct WithoutWindow: JSONObjectShape {
        let outcome: Outcome
        func writeMembers(to writer: inout some JSONMemberWriter) {
            outcome.writeMembers(to: &writer, includingWindow: false)
        }
    }

    public init?(json: JSON) {
        guard let window = json[WireName.window]?.stringValue,
            let reason = json[WireName.reason]?.stringValue.flatMap(OutcomeReason.init(rawValue:)),
            let at = json[WireName.at]?.stringValue.flatMap(Timestamp.init(rfc3339:))
        else { return nil }
        let by = json[WireName.by].flatMap(Peer.init(json:))
        guard by != nil || json[WireName.by] == nil else { return nil }
        self.init(
            window: WindowID(window), kind: json[WireName.kind]?.stringValue, title: json[WireName.title]?.stringValue,
            reason: reason, value: json[WireName.value], by: by, at: at)
    }
}

extension Outcome: JSONObjectShape {
    public func writeMembers(to writer: inout some JSONMemberWriter) {
        writeMembers(to: &writer, includingWindow: true)
    }
}
