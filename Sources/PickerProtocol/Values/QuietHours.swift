import PickerJSON

/// Quiet hours in effect ("do not disturb"): every window below `below`
/// waits (state `waiting`) and never becomes key, while one at or above it
/// breaks through; `until`, when given, ends them by itself. On the wire
/// `{below, below_name?, until?}`, as `quiet` answers, `status` shows and
/// `quiet.changed` announces; quiet hours that are off are `{off: true}`
/// (`QuietHours.json(of: nil)`).
public struct QuietHours: Sendable, Equatable, CustomStringConvertible {
    public var below: Level
    /// The level's name, when it has one (`alert`).
    public var belowName: String?
    public var until: Timestamp?

    public init(below: Level, belowName: String? = nil, until: Timestamp? = nil) {
        self.below = below
        self.belowName = belowName
        self.until = until
    }

    /// Whether a window at `level` waits while these quiet hours last.
    public func holds(_ level: Level) -> Bool {
        level < below
    }

    /// The level as a person reads it: its name, else its number.
    public var belowDescription: String { belowName ?? below.description }

    /// `below alert until 2026-11-23T06:00:00Z`, for logs.
    public var description: String {
        "below \(belowDescription)" + (until.map { " until \($0.rfc3339)" } ?? ", until turned off")
    }

    public var fields: JSONObject {
        var fields = JSONObject([WireName.below: .integer(Int64(below.value))])
        if let belowName { fields[WireName.belowName] = .string(belowName) }
        if let until { fields[WireName.until] = .string(until.rfc3339) }
        return fields
    }

    public var json: JSON { .object(fields) }

    /// Quiet hours on or off (nil), as the wire writes them.
    public static func json(of quietHours: QuietHours?) -> JSON {
        quietHours?.json ?? .object(offFields)
    }

    /// `{off: true}`: no quiet hours.
    public static let offFields = JSONObject([WireName.off: true])

    public init?(json: JSON) {
        guard let value = json[WireName.below]?.integerValue, let below = Int(exactly: value).flatMap(Level.init) else {
            return nil
        }
        var until: Timestamp?
        if let text = json[WireName.until]?.stringValue {
            guard let instant = Timestamp(rfc3339: text) else { return nil }
            until = instant
        }
        self.init(below: below, belowName: json[WireName.belowName]?.stringValue, until: until)
    }

    /// Reads quiet hours on, or off (`.some(nil)`); nil when `json` is neither.
    public static func read(_ json: JSON) -> QuietHours?? {
        if json[WireName.off]?.boolValue == true { return .some(nil) }
        return QuietHours(json: json).map { .some($0) }
    }
}
