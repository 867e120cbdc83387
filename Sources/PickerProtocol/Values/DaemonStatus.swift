import PickerJSON

/// `status`'s answer: `{version, uptime_ms, windows: {visible, hidden}, key,
/// connections, subscriptions, counters}`.
public struct DaemonStatus: Sendable, Equatable {
    public var version: String
    public var uptimeMilliseconds: Int64
    public var visibleWindows: Int
    public var hiddenWindows: Int
    public var key: WindowID?
    public var connections: Int
    public var subscriptions: Int
    public var counters: OutcomeCounters

    public init(
        version: String, uptimeMilliseconds: Int64, visibleWindows: Int, hiddenWindows: Int, key: WindowID?, connections: Int,
        subscriptions: Int, counters: OutcomeCounters
    ) {
        self.version = version
        self.uptimeMilliseconds = uptimeMilliseconds
        self.visibleWindows = visibleWindows
        self.hiddenWindows = hiddenWindows
        self.key = key
        self.connections = connections
        self.subscriptions = subscriptions
        self.counters = counters
    }

    public var openWindows: Int { visibleWindows + hiddenWindows }

    public var json: JSON {
        .object(JSONObject([
            WireName.version: .string(version), WireName.uptimeMs: .integer(uptimeMilliseconds),
            WireName.windows: .object(JSONObject([WireName.visible: .integer(Int64(visibleWindows)), WireName.hidden: .integer(Int64(hiddenWindows))])),
            WireName.key: key.map { .string($0.rawValue) } ?? .null,
            WireName.connections: .integer(Int64(connections)), WireName.subscriptions: .integer(Int64(subscriptions)),
            WireName.counters: counters.json,
        ]))
    }

    public init?(json: JSON) {
        func count(_ value: JSON?) -> Int? { value?.integerValue.flatMap(Int.init(exactly:)) }
        guard let version = json[WireName.version]?.stringValue, let uptime = json[WireName.uptimeMs]?.integerValue,
            let visible = count(json[WireName.windows]?[WireName.visible]), let hidden = count(json[WireName.windows]?[WireName.hidden]),
            let connections = count(json[WireName.connections]), let subscriptions = count(json[WireName.subscriptions]),
            let counters = json[WireName.counters].flatMap(OutcomeCounters.init(json:))
        else { return nil }
        self.init(
            version: version, uptimeMilliseconds: uptime, visibleWindows: visible, hiddenWindows: hidden,
            key: json[WireName.key]?.stringValue.map(WindowID.init), connections: connections, subscriptions: subscriptions,
            counters: counters)
    }
}
