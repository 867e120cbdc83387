import PickerProtocol

/// Outcomes of dismissed windows, kept for `wait` and `history` for a while.
///
/// An outcome leaves when it is older than the retention time, when its owner
/// (the uid that presented the window) keeps more than `maxOutcomesPerUser`,
/// or when more than `maxOutcomes` are kept in all; then the oldest outcome of
/// whoever keeps the most leaves. So one user's churn never pushes out another
/// user's outcomes. Owners in `exemptUIDs` (the daemon's own user and root)
/// are held to the total only.
struct OutcomeArchive {
    var retentionMilliseconds: Int64
    var maxOutcomes: Int
    var maxOutcomesPerUser: Int
    var exemptUIDs: Set<UInt32>

    private var outcomesByWindow: [WindowID: RecordedOutcome] = [:]
    /// Every outcome in dismissal order, for retention and history.
    private var order = FIFO<WindowID>()
    /// Each owner's outcomes in dismissal order; nil: restored without an owner.
    private var orderByOwner: [UInt32?: FIFO<WindowID>] = [:]
    private var countByOwner: [UInt32?: Int] = [:]
    /// Outcomes dropped for the counts (not for age) since the last `takeDropped`.
    private var dropped: [WindowID] = []

    init(retentionMilliseconds: Int64, maxOutcomes: Int, maxOutcomesPerUser: Int, exemptUIDs: Set<UInt32>) {
        self.retentionMilliseconds = retentionMilliseconds
        self.maxOutcomes = maxOutcomes
        self.maxOutcomesPerUser = maxOutcomesPerUser
        self.exemptUIDs = exemptUIDs
    }

    var count: Int { outcomesByWindow.count }

    subscript(window: WindowID) -> RecordedOutcome? {
        outcomesByWindow[window]
    }

    func count(ownedBy uid: UInt32) -> Int {
        countByOwner[uid] ?? 0
    }

    mutating func add(_ outcome: RecordedOutcome) {
        let owner = outcome.owner?.uid
        outcomesByWindow[outcome.window] = outcome
        order.append(outcome.window)
        orderByOwner[owner, default: FIFO()].append(outcome.window)
        countByOwner[owner, default: 0] += 1
        enforceCounts(after: owner)
    }

    /// The retained outcomes, newest first, optionally of one window only.
    func newestFirst(limit: Int, window: WindowID? = nil) -> [RecordedOutcome] {
        if let window {
            return outcomesByWindow[window].map { [$0] } ?? []
        }
        var result: [RecordedOutcome] = []
        for id in order.newestFirst {
            guard result.count < limit else { break }
            if let outcome = outcomesByWindow[id] { result.append(outcome) }
        }
        return result
    }

    /// When the oldest kept outcome passes its retention time.
    var nextExpiry: Timestamp? {
        order.oldestFirst.lazy.compactMap { outcomesByWindow[$0] }.first
            .map { $0.at.adding(milliseconds: retentionMilliseconds) }
    }

    /// The outcomes dropped to keep the counts since the last call, so that a
    /// store can drop them too (it drops old ones by age itself).
    mutating func takeDropped() -> [WindowID] {
        defer { dropped.removeAll() }
        return dropped
    }

    /// Drops what is past retention.
    mutating func purge(now: Timestamp) {
        while let oldest = order.first {
            guard let outcome = outcomesByWindow[oldest] else {
                order.removeFirst()
                continue
            }
            guard outcome.at.adding(milliseconds: retentionMilliseconds) <= now else { break }
            order.removeFirst()
            // The oldest outcome is also its owner's oldest: first in its queue.
            let owner = outcome.owner?.uid
            if orderByOwner[owner]?.first == oldest { orderByOwner[owner]!.removeFirst() }
            forget(outcome)
        }
    }

    private mutating func enforceCounts(after owner: UInt32?) {
        if let owner, !exemptUIDs.contains(owner) {
            while countByOwner[owner, default: 0] > maxOutcomesPerUser, dropOldest(of: owner) {}
        }
        while outcomesByWindow.count > maxOutcomes {
            // Linear in the owners, of which there are few.
            guard let largest = countByOwner.max(by: { $0.value < $1.value })?.key, dropOldest(of: largest) else {
                break
            }
        }
        let kept = outcomesByWindow
        order.compact(keeping: { kept[$0] != nil }, liveCount: kept.count)
    }

    /// Drops the owner's oldest outcome; false when it has none.
    private mutating func dropOldest(of owner: UInt32?) -> Bool {
        while let oldest = orderByOwner[owner]?.first {
            orderByOwner[owner]!.removeFirst()
            if let outcome = outcomesByWindow[oldest] {
                forget(outcome)
                dropped.append(oldest)
                return true
            }
        }
        return false
    }

    /// Takes an outcome out of the index and its owner's count. Its entry in
    /// the dismissal order is skipped when reached.
    private mutating func forget(_ outcome: RecordedOutcome) {
        let owner = outcome.owner?.uid
        outcomesByWindow[outcome.window] = nil
        let left = countByOwner[owner, default: 1] - 1
        countByOwner[owner] = left == 0 ? nil : left
        if left == 0 { orderByOwner[owner] = nil }
    }
}
