import PickerProtocol

/// Pending deadlines, earliest first: a binary min-heap.
///
/// Entries are not removed when a window ends early; the model checks each entry
/// it pops against the window's current deadline and drops stale ones. The heap
/// compacts itself when stale entries outnumber live ones.
struct DeadlineQueue {
    enum Purpose: Sendable {
        case timeout
        case ownerGrace
        /// A held-back `window.changed` is due (`ChangeCoalescing`).
        case heldChange
    }

    struct Entry: Comparable {
        var at: Timestamp
        var window: WindowID
        var purpose: Purpose

        static func < (lhs: Entry, rhs: Entry) -> Bool { lhs.at < rhs.at }
        static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.at == rhs.at }
    }

    private var heap = MinHeap<Entry>()

    var count: Int { heap.count }
    var earliest: Timestamp? { heap.min?.at }

    mutating func schedule(_ entry: Entry) {
        heap.insert(entry)
    }

    /// Removes and returns every entry due at `now`, earliest first.
    mutating func popDue(at now: Timestamp) -> [Entry] {
        var due: [Entry] = []
        while let first = heap.min, first.at <= now {
            due.append(first)
            heap.removeMin()
        }
        return due
    }

    /// Keeps only the entries `isLive` accepts, when fewer than half are.
    mutating func compact(liveCount: Int, isLive: (Entry) -> Bool) {
        guard heap.count > 64, heap.count > 2 * liveCount else { return }
        heap = MinHeap(heap.unordered.filter(isLive))
    }
}
