/// A JSON object that keeps its members in insertion order.
///
/// Keys are unique: setting an existing key replaces its value in place, which is
/// also how a parsed object with duplicate keys reads (last value, first position).
/// Lookups are linear; protocol objects have a handful of members.
public struct JSONObject: Sendable, Hashable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
    }

    public private(set) var members: [Member]

    public init() {
        members = []
    }

    public init(_ pairs: some Sequence<(String, JSON)>) {
        members = []
        for (key, value) in pairs {
            self[key] = value
        }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSON? {
        get {
            members.first(where: { $0.key == key })?.value
        }
        set {
            let index = members.firstIndex(where: { $0.key == key })
            switch (index, newValue) {
            case (let index?, let value?):
                members[index].value = value
            case (let index?, nil):
                members.remove(at: index)
            case (nil, let value?):
                members.append(Member(key: key, value: value))
            case (nil, nil):
                break
            }
        }
    }

    /// Appends without looking for an existing key; the caller knows it is new.
    mutating func appendUnchecked(key: String, value: JSON) {
        members.append(Member(key: key, value: value))
    }
}

extension JSONObject: Sequence {
    public func makeIterator() -> IndexingIterator<[Member]> {
        members.makeIterator()
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSON)...) {
        self.init(elements)
    }
}
