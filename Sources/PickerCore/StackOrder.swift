/// The order of the window stack: by level, then by position within the level.
///
/// A treap keyed by `(level, position)`, higher keys on top. Every node also
/// counts the visible elements below it, so the topmost visible element (the key
/// window) is found in O(log n) however many hidden windows lie above it, and
/// inserting, removing, raising, lowering, hiding and showing are O(log n): no
/// operation re-sorts the stack.
final class StackOrder<Element> {
    struct Key: Comparable {
        var level: Int
        var position: Int64

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.level, lhs.position) < (rhs.level, rhs.position)
        }
    }

    private final class Node {
        let key: Key
        let priority: UInt64
        let element: Element
        var isVisible: Bool
        var left: Node?
        var right: Node?
        var visibleCount: Int

        init(key: Key, priority: UInt64, element: Element, isVisible: Bool) {
            self.key = key
            self.priority = priority
            self.element = element
            self.isVisible = isVisible
            visibleCount = isVisible ? 1 : 0
        }

        func recount() {
            visibleCount = (isVisible ? 1 : 0) + (left?.visibleCount ?? 0) + (right?.visibleCount ?? 0)
        }
    }

    private var root: Node?
    private var priorities: SplitMix64
    private(set) var count = 0

    /// `seed` fixes the tree's shape, so runs are repeatable.
    init(seed: UInt64 = 0x9E37_79B9_7F4A_7C15) {
        priorities = SplitMix64(seed: seed)
    }

    var visibleCount: Int { root?.visibleCount ?? 0 }

    func insert(_ element: Element, at key: Key, isVisible: Bool) {
        let node = Node(key: key, priority: priorities.next(), element: element, isVisible: isVisible)
        let (below, above) = split(root, at: key)
        root = merge(merge(below, node), above)
        count += 1
    }

    /// Removes the element at `key` and returns it.
    @discardableResult
    func remove(at key: Key) -> Element? {
        var removed: Element?
        root = remove(key, from: root, removed: &removed)
        if removed != nil { count -= 1 }
        return removed
    }

    /// The highest element that is visible.
    var topmostVisible: Element? {
        guard var node = root, node.visibleCount > 0 else { return nil }
        while true {
            if let right = node.right, right.visibleCount > 0 {
                node = right
            } else if node.isVisible {
                return node.element
            } else {
                // Neither the right side nor this node is visible, so the left side is.
                node = node.left!
            }
        }
    }

    /// How many visible elements lie below `key`: O(log n), as the nodes
    /// count their visible elements.
    func visibleCount(below key: Key) -> Int {
        var count = 0
        var node = root
        while let current = node {
            if current.key < key {
                count += (current.left?.visibleCount ?? 0) + (current.isVisible ? 1 : 0)
                node = current.right
            } else {
                node = current.left
            }
        }
        return count
    }

    /// All elements, top of the stack first.
    func fromTop() -> [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEachFromTop { result.append($0) }
        return result
    }

    /// Visits every element, top first, without gathering them.
    func forEachFromTop(_ body: (Element) -> Void) {
        var pending: [Node] = []
        var node = root
        while node != nil || !pending.isEmpty {
            while let current = node {
                pending.append(current)
                node = current.right
            }
            let current = pending.removeLast()
            body(current.element)
            node = current.left
        }
    }

    // MARK: treap mechanics

    /// Splits into the keys below `key` and those at or above it.
    private func split(_ node: Node?, at key: Key) -> (Node?, Node?) {
        guard let node else { return (nil, nil) }
        if node.key < key {
            let (below, above) = split(node.right, at: key)
            node.right = below
            node.recount()
            return (node, above)
        } else {
            let (below, above) = split(node.left, at: key)
            node.left = above
            node.recount()
            return (below, node)
        }
    }

    /// Joins two trees where every key of `lower` is below every key of `upper`.
    private func merge(_ lower: Node?, _ upper: Node?) -> Node? {
        guard let lower else { return upper }
        guard let upper else { return lower }
        if lower.priority > upper.priority {
            lower.right = merge(lower.right, upper)
            lower.recount()
            return lower
        } else {
            upper.left = merge(lower, upper.left)
            upper.recount()
            return upper
        }
    }

    private func remove(_ key: Key, from node: Node?, removed: inout Element?) -> Node? {
        guard let node else { return nil }
        if key < node.key {
            node.left = remove(key, from: node.left, removed: &removed)
        } else if node.key < key {
            node.right = remove(key, from: node.right, removed: &removed)
        } else {
            removed = node.element
            return merge(node.left, node.right)
        }
        node.recount()
        return node
    }
}
