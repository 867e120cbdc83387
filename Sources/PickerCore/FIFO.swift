/// A first-in first-out queue on an array: removing from the front moves an
/// index, and the array is cut back once half of it is behind that index.
struct FIFO<Element: Equatable> {
    private var elements: [Element] = []
    private var head = 0

    var count: Int { elements.count - head }
    var first: Element? { head < elements.count ? elements[head] : nil }
    var oldestFirst: ArraySlice<Element> { elements[head...] }
    var newestFirst: ReversedCollection<ArraySlice<Element>> { elements[head...].reversed() }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func removeFirst() {
        head += 1
        if head > 1024, head > elements.count / 2 {
            elements.removeFirst(head)
            head = 0
        }
    }

    /// Drops the elements `keep` refuses once they are most of the queue, so
    /// skipped entries cost at most as much as live ones.
    mutating func compact(keeping keep: (Element) -> Bool, liveCount: Int) {
        guard count > 1024, count > 2 * liveCount else { return }
        elements = elements[head...].filter(keep)
        head = 0
    }
}
