import Testing

@testable import PickerCore

/// The treap against a plain sorted array, over many random operations.
@Suite struct StackOrderTests {
    struct Entry: Equatable {
        var id: Int
        var level: Int
        var position: Int64
        var visible: Bool
    }

    @Test func matchesASortedArrayUnderRandomOperations() {
        var generator = SystemRandomNumberGenerator()
        let seed = UInt64.random(in: 0...UInt64.max, using: &generator)
        var random = SplitMix64(seed: seed)
        let order = StackOrder<Int>(seed: seed)
        var reference: [Entry] = []
        var nextID = 0
        var nextPosition: Int64 = 0
        for step in 0..<8_000 {
            let action = random.next() % 10
            if reference.isEmpty || action < 4 {
                nextPosition += 1
                let entry = Entry(
                    id: nextID, level: Int(random.next() % 5) * 1000, position: nextPosition,
                    visible: random.next() % 3 != 0)
                nextID += 1
                reference.append(entry)
                order.insert(
                    entry.id, at: .init(level: entry.level, position: entry.position), isVisible: entry.visible)
            } else {
                let index = Int(random.next() % UInt64(reference.count))
                let entry = reference[index]
                #expect(order.remove(at: .init(level: entry.level, position: entry.position)) == entry.id)
                if action < 7 {
                    reference.remove(at: index)
                } else {
                    nextPosition += 1
                    var moved = entry
                    moved.position = action == 7 ? nextPosition : -nextPosition
                    moved.visible = action == 9 ? !entry.visible : entry.visible
                    reference[index] = moved
                    order.insert(
                        moved.id, at: .init(level: moved.level, position: moved.position), isVisible: moved.visible)
                }
            }
            let topmost = reference.filter(\.visible).max { ($0.level, $0.position) < ($1.level, $1.position) }
            if order.topmostVisible != topmost?.id || order.count != reference.count {
                Issue.record("topmost visible differs at step \(step) (seed \(seed))")
                return
            }
            if step % 500 == 0 {
                let sorted = reference.sorted { ($0.level, $0.position) > ($1.level, $1.position) }
                #expect(order.fromTop() == sorted.map(\.id), "seed \(seed), step \(step)")
                #expect(order.visibleCount == reference.filter(\.visible).count)
            }
        }
    }
}
