import PickerProtocol

/// One resource's limits: how much one user may hold, and how much all hold
/// together. Users other than the exempt ones (the daemon's own and root) are
/// held to `perUser` and to nine tenths of `total`, so the exempt always have
/// room; the exempt are held to `total` only.
struct Quota {
    var perUser: Int
    var perUserLimit: Limit
    var total: Int?
    var totalLimit: Limit?
    /// What is counted, plural: "connections".
    var noun: String
    var exempt: Set<UInt32>

    /// Why `uid`, holding `ownCount` of `total` in all, may not have one more; nil if it may.
    func refusal(uid: UInt32, ownCount: Int, total count: Int) -> RPCError? {
        let isExempt = exempt.contains(uid)
        if !isExempt, ownCount >= perUser {
            return .limitReached(
                "uid \(uid) already has \(perUser) \(noun), its limit (limits.\(perUserLimit.key)); end some first",
                limit: perUserLimit)
        }
        guard let total, let totalLimit else { return nil }
        if isExempt, count >= total {
            return .limitReached(
                "the daemon already has \(total) \(noun), its limit (limits.\(totalLimit.key)); end some first",
                limit: totalLimit)
        }
        let shared = total - total / 10
        if !isExempt, count >= shared {
            return .limitReached(
                "the daemon already has \(count) \(noun), nine tenths of its limit of \(total) (limits.\(totalLimit.key)), the rest kept for its own user and root; try again later",
                limit: totalLimit)
        }
        return nil
    }
}
