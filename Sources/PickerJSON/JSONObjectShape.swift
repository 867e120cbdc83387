/// A value whose wire form is an object, written member by member. Its shape
/// is defined once, in `writeMembers`, and reaches the wire two ways: as a
/// `JSONObject` (`JSONObject(shape:)`, for events and whoever edits the
/// object further), or straight into an answer's bytes (`serialize(into:)`),
/// with no tree built first. Both give the same members in the same order,
/// so the two can never drift apart.
public protocol JSONObjectShape {
    /// Writes each member in wire order; an absent optional member is not written.
    func writeMembers(to writer: inout some JSONMemberWriter)
}

/// Where a shape's members go: a `JSONObject` being built
/// (`JSONObjectBuilder`) or the bytes of a line (`JSONMemberBytes`).
/// A shape writes each name at most once.
public protocol JSONMemberWriter {
    mutating func write(_ name: some MemberName, _ value: JSON)
    /// A member whose value is an object of another shape.
    mutating func write(_ name: some MemberName, object: some JSONObjectShape)
}

extension JSONObjectShape {
    /// Appends the compact JSON text of the object, byte for byte what
    /// `JSON.object(JSONObject(shape: self)).serialize(into:)` appends.
    public func serialize(into bytes: inout [UInt8]) {
        var writer = JSONMemberBytes(taking: &bytes)
        writer.writeObject(self)
        bytes = writer.bytes
    }
}

extension JSONObject {
    /// The object of a shape's members, in its order.
    public init(shape: some JSONObjectShape) {
        var builder = JSONObjectBuilder()
        shape.writeMembers(to: &builder)
        self = builder.object
    }
}
