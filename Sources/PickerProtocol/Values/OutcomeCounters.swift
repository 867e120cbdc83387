import PickerJSON

/// How many windows were presented, and ended each way, since the daemon
/// started: `status`'s `counters`.
public struct OutcomeCounters: Sendable, Equatable {
    public var presented = 0
    public var byReason: [OutcomeReason: Int] = [:]

    /// The reasons `status` counts (a shutdown is never seen by a running daemon).
    public static let countedReasons: [OutcomeReason] = [.submitted, .cancelled, .timeout, .dismissed, .ownerGone]

    public init(presented: Int = 0, byReason: [OutcomeReason: Int] = [:]) {
        self.presented = presented
        self.byReason = byReason
    }

    public subscript(reason: OutcomeReason) -> Int { byReason[reason, default: 0] }

    public var json: JSON {
        var object: JSONObject = JSONObject([WireName.presented: .integer(Int64(presented))])
        for reason in Self.countedReasons { object[reason.rawValue] = .integer(Int64(self[reason])) }
        return .object(object)
    }

    public init?(json: JSON) {
        guard let presented = json[WireName.presented]?.integerValue.flatMap(Int.init(exactly:)) else { return nil }
        var byReason: [OutcomeReason: Int] = [:]
        for reason in Self.countedReasons {
            guard let count = json[reason.rawValue]?.integerValue.flatMap(Int.init(exactly:)) else { return nil }
            byReason[reason] = count
        }
        self.init(presented: presented, byReason: byReason)
    }
}
