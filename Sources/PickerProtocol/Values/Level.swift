/// A window's level: higher levels always stack above lower ones.
public struct Level: Sendable, Hashable, Comparable, CustomStringConvertible {
    public static let range: ClosedRange<Int> = -100_000...100_000
    public static let normal = Level(uncheckedValue: 0)
    public static let statusBar = Level(uncheckedValue: 1000)
    public static let alert = Level(uncheckedValue: 2000)

    public let value: Int

    public init?(_ value: Int) {
        guard Self.range.contains(value) else { return nil }
        self.value = value
    }

    package init(uncheckedValue value: Int) {
        self.value = value
    }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}
