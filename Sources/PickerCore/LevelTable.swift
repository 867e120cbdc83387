import PickerProtocol

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
