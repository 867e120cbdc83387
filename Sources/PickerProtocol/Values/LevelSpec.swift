import PickerJSON

/// A level as a request names it: by name (`alert`) or number. The daemon
/// resolves names with its level table.
public enum LevelSpec: Sendable, Equatable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case named(String)
    case value(Int)

    public init(stringLiteral value: String) { self = .named(value) }
    public init(integerLiteral value: Int) { self = .value(value) }

    /// Reads `alert` or `2000`.
    public init(_ text: String) {
        self = Int(text).map(LevelSpec.value) ?? .named(text)
    }

    public var json: JSON {
        switch self {
        case .named(let name): return .string(name)
        case .value(let value): return .integer(Int64(value))
        }
    }
}
