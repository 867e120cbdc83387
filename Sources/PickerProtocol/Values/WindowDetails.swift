import PickerJSON

/// What `get` returns: the summary plus the window's contents.
public struct WindowDetails: Sendable, Equatable {
    public var summary: WindowSummary
    public var message: String?
    public var options: JSON
    /// The live selection; nil when there is none or it is secret.
    public var value: JSON?
    public var owner: Peer

    /// `owner` is the summary's owner too: one member on the wire.
    public init(summary: WindowSummary, message: String?, options: JSON, value: JSON?, owner: Peer) {
        self.summary = summary
        self.summary.owner = owner
        self.message = message
        self.options = options
        self.value = value
        self.owner = owner
    }

    public var json: JSON {
        var object = summary.fields
        if let message { object[WireName.message] = .string(message) }
        object[WireName.options] = options
        if let value { object[WireName.value] = value }
        object[WireName.owner] = owner.json
        return .object(object)
    }

    public init?(json: JSON) {
        guard let summary = WindowSummary(json: json), let owner = json[WireName.owner].flatMap(Peer.init(json:)) else {
            return nil
        }
        self.init(
            summary: summary, message: json[WireName.message]?.stringValue,
            options: json[WireName.options] ?? .object([:]),
            value: json[WireName.value], owner: owner)
    }
}
