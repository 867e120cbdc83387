/// Writes a shape's members straight into the bytes of a line, as
/// `JSON.serialize(into:)` writes an object's: `"name":value`, separated by
/// commas, each value through that same serializer, so numbers and escapes
/// come out exactly as the tree's would.
public struct JSONMemberBytes: JSONMemberWriter {
    /// The line so far.
    public private(set) var bytes: [UInt8]
    /// Whether the next member is the first of its object (no comma before it).
    private var atFirstMember = true

    /// Takes over `bytes` (left empty meanwhile), so appending does not copy
    /// it; the caller takes them back from `bytes`.
    init(taking bytes: inout [UInt8]) {
        self.bytes = []
        swap(&self.bytes, &bytes)
    }

    public mutating func write(_ name: some MemberName, _ value: JSON) {
        writeName(name)
        value.serialize(into: &bytes)
    }

    public mutating func write(_ name: some MemberName, object shape: some JSONObjectShape) {
        writeName(name)
        writeObject(shape)
    }

    /// `{`, the shape's members, `}`.
    mutating func writeObject(_ shape: some JSONObjectShape) {
        bytes.append(UInt8(ascii: "{"))
        atFirstMember = true
        shape.writeMembers(to: &self)
        bytes.append(UInt8(ascii: "}"))
        atFirstMember = false
    }

    private mutating func writeName(_ name: some MemberName) {
        if !atFirstMember { bytes.append(UInt8(ascii: ",")) }
        atFirstMember = false
        JSON.serialize(string: name.jsonKey, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }
}
