/// Why a line is not the JSON pickerd accepts, and where (a 0-based byte offset).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var reason: String
    public var offset: Int

    public init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }

    /// One sentence, for example "unexpected character 'x' at byte 17".
    public var description: String { "\(reason) at byte \(offset)" }
}
