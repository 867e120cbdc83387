/// A JSON value as pickerd reads and writes it.
///
/// Integers that fit in `Int64` stay exact as `.integer`; every other number is a
/// `.double`. Objects keep their members in the order they were written.
public enum JSON: Sendable, Hashable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)
}

extension JSON {
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The value as an exact integer: `.integer`, or a `.double` with no fraction
    /// that fits in `Int64` (so `3.0` reads as 3, as JSON does not tell them apart).
    public var integerValue: Int64? {
        switch self {
        case .integer(let value):
            return value
        case .double(let value) where value.rounded() == value && abs(value) < 9.2e18:
            return Int64(value)
        default:
            return nil
        }
    }

    public var doubleValue: Double? {
        switch self {
        case .integer(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The member `key` of an object, or nil for a missing member or a non-object.
    public subscript(key: String) -> JSON? {
        objectValue?[key]
    }

    /// A short name of the value's type for error messages ("a string", "an array").
    public var typeDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .integer: return "an integer"
        case .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension JSON: ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self = .object(JSONObject(elements))
    }
}

extension JSON: CustomStringConvertible {
    /// The compact serialization, so a JSON value prints as the JSON it is.
    public var description: String { serialized() }
}
