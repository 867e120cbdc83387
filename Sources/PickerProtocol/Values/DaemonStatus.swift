import PickerJSON

/// `status`'s answer: `{version, uptime_ms, windows: {visible, hidden,
/// waiting}, key, connections, subscriptions, quiet?, counters}`. `quiet` is
/// there while quiet hours last; `waiting` counts the windows they hold.
public struct DaemonStatus: Sendable, Equatable {
    public var version: String
    public var uptimeMilliseconds: Int64
    public var visibleWindows: Int
    public var hiddenWindows: Int
    /// Windows held by quiet hours: neither visible nor hidden.
    public var waitingWindows: Int
    public var key: WindowID?
    public var connections: Int
    public var subscriptions: Int
    public var quiet: QuietHours?
    public var counters: OutcomeCounters

    public init(
        version: String, uptimeMilliseconds: Int64, visibleWindows: Int, hiddenWindows: Int, waitingWindows: Int = 0,
        key: WindowID?,
        connections: Int, subscriptions: Int, quiet: QuietHours? = nil, counters: OutcomeCounters
    ) {
        self.version = version
        self.uptimeMilliseconds = uptimeMilliseconds
        self.visibleWindows = visibleWindows
        self.hiddenWindows = hiddenWindows
        self.waitingWindows = waitingWindows
        self.key = key
        self.connections = connections
        self.subscriptions = subscriptions
        self.quiet = quiet
        self.counters = counters
    }

    public var openWindows: Int { visibleWindows + hiddenWindows + waitingWindows }

    public var json: JSON {
        let windows = JSONObject([
            WireName.visible: .integer(Int64(visibleWindows)), WireName.hidden: .integer(Int64(hiddenWindows)),
            WireName.waiting: .integer(Int64(waitingWindows)),
        ])
        var object = JSONObject([
            WireName.version: .string(version), WireName.uptimeMs: .integer(uptimeMilliseconds),
            WireName.windows: .object(windows),
            WireName.key: key.map { .string($0.rawValue) } ?? .null,
            WireName.connections: .integer(Int64(connections)), WireName.subscriptions: .integer(Int64(subscriptions)),
        ])
        if let quiet { object[WireName.quiet] = quiet.json }
        object[WireName.counters] = counters.json
        return .object(object)
    }

    public init?(json: JSON) {
        func count(_ value: JSON?) -> Int? { value?.integerValue.flatMap(Int.init(exactly:)) }
        guard let version = json[WireName.version]?.stringValue, let uptime = json[WireName.uptimeMs]?.integerValue,
            let visible = count(json[WireName.windows]?[WireName.visible]),
            let hidden = count(json[WireName.windows]?[WireName.hidden]),
            let connections = count(json[WireName.connections]),
            let subscriptions = count(json[WireName.subscriptions]),
            let counters = json[WireName.counters].flatMap(OutcomeCounters.init(json:))
        else { return nil }
        var quiet: QuietHours?
        if let member = json[WireName.quiet] {
            guard let read = QuietHours(json: member) else { return nil }
            quiet = read
        }
        self.init(
            version: version, uptimeMilliseconds: uptime, visibleWindows: visible, hiddenWindows: hidden,
            // A daemon from before quiet hours has no `waiting`.
            waitingWindows: count(json[WireName.windows]?[WireName.waiting]) ?? 0,
            key: json[WireName.key]?.stringValue.map(WindowID.init), connections: connections,
            subscriptions: subscriptions,
            quiet: quiet, counters: counters)
    }
}
