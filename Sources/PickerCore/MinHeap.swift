/// A binary min-heap: the least element in O(1), insert and remove-least in
/// O(log n). Equal elements come out in no particular order, so elements that
/// must keep an order among equals carry a tie-breaker in their comparison.
///
/// Inlinable, so that a user in another module gets it specialized to its
/// element: unspecialized, each comparison and swap went through generic
/// metadata, and popping 60,000 timeouts spent more than half its time there.
package struct MinHeap<Element: Comparable> {
    @usableFromInline var elements: [Element] = []

    @inlinable package init() {}

    /// A heap of these elements, in O(n).
    @inlinable package init(_ unordered: [Element]) {
        elements = unordered
        for index in stride(from: elements.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
    }

    @inlinable package var count: Int { elements.count }
    @inlinable package var isEmpty: Bool { elements.isEmpty }
    @inlinable package var min: Element? { elements.first }
    /// Every element, in heap order (not sorted).
    @inlinable package var unordered: [Element] { elements }

    @inlinable package mutating func insert(_ element: Element) {
        elements.append(element)
        siftUp(from: elements.count - 1)
    }

    @discardableResult
    @inlinable package mutating func removeMin() -> Element? {
        guard let first = elements.first else { return nil }
        let last = elements.removeLast()
        if !elements.isEmpty {
            elements[0] = last
            siftDown(from: 0)
        }
        return first
    }

    @inlinable mutating func siftUp(from start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard elements[child] < elements[parent] else { return }
            elements.swapAt(child, parent)
            child = parent
        }
    }

    @inlinable mutating func siftDown(from start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < elements.count, elements[left] < elements[smallest] { smallest = left }
            if right < elements.count, elements[right] < elements[smallest] { smallest = right }
            guard smallest != parent else { return }
            elements.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
