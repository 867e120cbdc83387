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
    }

    struct Entry {
        var at: Timestamp
        var window: WindowID
        var purpose: Purpose
    }

    private var heap: [Entry] = []

    var count: Int { heap.count }
    var earliest: Timestamp? { heap.first?.at }

    mutating func schedule(_ entry: Entry) {
        heap.append(entry)
        siftUp(from: heap.count - 1)
    }

    /// Removes and returns every entry due at `now`, earliest first.
    mutating func popDue(at now: Timestamp) -> [Entry] {
        var due: [Entry] = []
        while let first = heap.first, first.at <= now {
            due.append(first)
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                siftDown(from: 0)
            }
        }
        return due
    }

    /// Keeps only the entries `isLive` accepts, when fewer than half are.
    mutating func compact(liveCount: Int, isLive: (Entry) -> Bool) {
        guard heap.count > 64, heap.count > 2 * liveCount else { return }
        heap.removeAll { !isLive($0) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) {
            siftDown(from: index)
        }
    }

    private mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].at < heap[parent].at else { return }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].at < heap[smallest].at { smallest = left }
            if right < heap.count, heap[right].at < heap[smallest].at { smallest = right }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
