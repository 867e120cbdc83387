/// Outcomes of dismissed windows, kept for `wait` and `history` for a while.
///
/// Oldest first; an outcome leaves when it is older than the retention time or
/// when more than `maxOutcomes` are kept.
struct OutcomeArchive {
    var retentionMilliseconds: Int64
    var maxOutcomes: Int

    private var outcomesByWindow: [WindowID: Outcome] = [:]
    /// Dismissal order; entries before `head` are gone.
    private var order: [WindowID] = []
    private var head = 0

    init(retentionMilliseconds: Int64, maxOutcomes: Int) {
        self.retentionMilliseconds = retentionMilliseconds
        self.maxOutcomes = maxOutcomes
    }

    var count: Int { outcomesByWindow.count }

    subscript(window: WindowID) -> Outcome? {
        outcomesByWindow[window]
    }

    mutating func add(_ outcome: Outcome) {
        outcomesByWindow[outcome.window] = outcome
        order.append(outcome.window)
    }

    /// The retained outcomes, newest first, optionally of one window only.
    func newestFirst(limit: Int, window: WindowID? = nil) -> [Outcome] {
        if let window {
            return outcomesByWindow[window].map { [$0] } ?? []
        }
        var result: [Outcome] = []
        var index = order.count - 1
        while index >= head, result.count < limit {
            if let outcome = outcomesByWindow[order[index]] { result.append(outcome) }
            index -= 1
        }
        return result
    }

    /// When the oldest kept outcome passes its retention time.
    var nextExpiry: Timestamp? {
        var index = head
        while index < order.count {
            if let outcome = outcomesByWindow[order[index]] {
                return outcome.at.adding(milliseconds: retentionMilliseconds)
            }
            index += 1
        }
        return nil
    }

    /// Drops what is past retention or over the count.
    mutating func purge(now: Timestamp) {
        while head < order.count {
            let window = order[head]
            guard let outcome = outcomesByWindow[window] else {
                head += 1
                continue
            }
            let expired = outcome.at.adding(milliseconds: retentionMilliseconds) <= now
            guard expired || outcomesByWindow.count > maxOutcomes else {
                break
            }
            outcomesByWindow[window] = nil
            head += 1
        }
        if head > 1024, head > order.count / 2 {
            order.removeFirst(head)
            head = 0
        }
    }
}
