/// Why a line is not the JSON pickerd accepts, and where (a 0-based byte offset).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int
    /// For an array or object past `JSONParser.maxElements`, how deep it is
    /// (0: the line's top-level value, such as a batch); nil for any other error.
    public var elementLimitDepth: Int?

    public init(_ reason: String, at offset: Int, elementLimitDepth: Int? = nil) {
        self.reason = reason
        self.offset = offset
        self.elementLimitDepth = elementLimitDepth
    }

    /// One sentence, for example "unexpected character 'x' at byte 17".
    public var description: String { "\(reason) at byte \(offset)" }
}
