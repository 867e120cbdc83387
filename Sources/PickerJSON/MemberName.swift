/// The name of an object's member. A shape declares its members' names once,
/// as an enum with `String` raw values (as Codable's `CodingKeys` do), and
/// reads and writes them through it; a `String` is a name too.
public protocol MemberName {
    var jsonKey: String { get }
}

extension MemberName where Self: RawRepresentable, RawValue == String {
    public var jsonKey: String { rawValue }
}

extension String: MemberName {
    public var jsonKey: String { self }
}

extension JSONObject {
    public subscript(member: some MemberName) -> JSON? {
        get { self[member.jsonKey] }
        set { self[member.jsonKey] = newValue }
    }
}

extension JSON {
    /// The member of an object, or nil for a missing member or a non-object.
    public subscript(member: some MemberName) -> JSON? {
        self[member.jsonKey]
    }
}

extension JSONObject {
    /// An object from names declared as a shape's members, in order.
    public init<Name: MemberName>(_ members: KeyValuePairs<Name, JSON>) {
        self.init()
        for (name, value) in members { self[name.jsonKey] = value }
    }
}
