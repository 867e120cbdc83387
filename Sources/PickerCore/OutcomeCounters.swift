import PickerJSON
import PickerProtocol

/// How many windows ended each way since the daemon started.
public struct OutcomeCounters: Sendable, Equatable {
    public var presented = 0
    public var byReason: [OutcomeReason: Int] = [:]

    public subscript(reason: OutcomeReason) -> Int { byReason[reason, default: 0] }

    public var json: JSON {
        [
            "presented": .integer(Int64(presented)), "submitted": .integer(Int64(self[.submitted])),
            "cancelled": .integer(Int64(self[.cancelled])), "timeout": .integer(Int64(self[.timeout])),
            "dismissed": .integer(Int64(self[.dismissed])), "owner_gone": .integer(Int64(self[.ownerGone])),
        ]
    }
}
