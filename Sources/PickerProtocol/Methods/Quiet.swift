import PickerJSON

/// `quiet`: turns quiet hours on (`below`, and `until` to end them by
/// themselves) or off (`off: true`); answers what is now in effect.
/// Windows below the level wait, and never become key, until quiet hours end.
public struct Quiet: PickerMethod {
    public enum Setting: Sendable, Equatable {
        case on(below: LevelSpec, until: Timestamp?)
        case off
    }

    /// The quiet hours now in effect; nil when they are off.
    public typealias Result = QuietHours?
    public static let signature = MethodSignature("quiet", takes: [.below, .until, .off], needs: .manage)

    public var setting: Setting

    public init(_ setting: Setting) {
        self.setting = setting
    }

    public init(reading reader: ParamsReader) throws(RPCError) {
        if reader.has(WireName.off) {
            guard try reader.bool(WireName.off) == true else {
                throw reader.problem(WireName.off, .mistyped(expected: "true", found: "false"))
            }
            guard !reader.has(WireName.below), !reader.has(WireName.until) else {
                throw RPCError.invalidParams(
                    "quiet takes below (and until) to turn quiet hours on, or off: true, not both", field: "off")
            }
            setting = .off
            return
        }
        guard let below = try reader.level(WireName.below) else {
            throw RPCError.invalidParams(
                "quiet needs below, the level under which windows wait, or off: true", field: "below")
        }
        var until: Timestamp?
        if let text = try reader.string(WireName.until) {
            guard let instant = Timestamp(rfc3339: text) else {
                throw RPCError.invalidParams(
                    "until must be an RFC 3339 time with its offset, like 2026-11-23T07:00:00+01:00, not '\(text.prefix(40))'",
                    field: "until")
            }
            until = instant
        }
        setting = .on(below: below, until: until)
    }

    public var params: JSONObject {
        switch setting {
        case .off:
            return QuietHours.offFields
        case .on(let below, let until):
            var params = JSONObject([WireName.below: below.json])
            if let until { params[WireName.until] = .string(until.rfc3339) }
            return params
        }
    }

    public static func encode(_ result: QuietHours?) -> JSON { QuietHours.json(of: result) }
    public static func decode(_ json: JSON) -> QuietHours?? { QuietHours.read(json) }
}
