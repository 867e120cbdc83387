/// How a window ended.
public enum OutcomeReason: String, Sendable, Hashable, CaseIterable {
    case submitted
    case cancelled
    case timeout
    case dismissed
    case ownerGone = "owner_gone"
    case shutdown
}
