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

    init(uncheckedValue value: Int) {
        self.value = value
    }

    public static func < (lhs: Level, rhs: Level) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}

/// Level names: the built-in `normal`, `statusBar` and `alert`, plus any the config adds.
public struct LevelTable: Sendable, Equatable {
    public static let builtIn: [String: Level] = ["normal": .normal, "statusBar": .statusBar, "alert": .alert]

    public private(set) var levelsByName: [String: Level]
    private var namesByLevel: [Level: String]

    /// Adds `extra` names to the built-in ones; a built-in name may not be redefined.
    public init(extra: [String: Int] = [:]) throws(PickerError) {
        levelsByName = Self.builtIn
        namesByLevel = [:]
        for (name, value) in extra.sorted(by: { $0.key < $1.key }) {
            guard Self.builtIn[name] == nil else {
                throw .invalidParams("level name '\(name)' is built in and cannot be redefined")
            }
            guard !name.isEmpty, Int(name) == nil else {
                throw .invalidParams("level name '\(name)' must be a non-empty word, not a number")
            }
            guard let level = Level(value) else {
                throw .invalidParams("level '\(name)' is \(value), outside [-100000, 100000]")
            }
            levelsByName[name] = level
        }
        // Built-in names win when several names share one value.
        for (name, level) in levelsByName.sorted(by: { $0.key < $1.key }) where namesByLevel[level] == nil {
            namesByLevel[level] = name
        }
        for (name, level) in Self.builtIn {
            namesByLevel[level] = name
        }
    }

    public func name(of level: Level) -> String? {
        namesByLevel[level]
    }

    /// A level from a name or an integer, as `present` and `set_level` take it.
    public func resolve(_ name: String) throws(PickerError) -> Level {
        if let level = levelsByName[name] { return level }
        if let value = Int(name) { return try resolve(value) }
        let known = levelsByName.sorted { $0.value < $1.value }.map(\.key).joined(separator: ", ")
        throw .invalidParams(
            "unknown level '\(name)'; use one of \(known) or an integer in [-100000, 100000]", field: "level")
    }

    public func resolve(_ value: Int) throws(PickerError) -> Level {
        guard let level = Level(value) else {
            throw .invalidParams("level \(value) is outside [-100000, 100000]", field: "level")
        }
        return level
    }
}
