/// A JSON object that keeps its members in insertion order.
///
/// Keys are unique: setting an existing key replaces its value in place, which is
/// also how a parsed object with duplicate keys reads (last value, first position).
///
/// Protocol objects have a handful of members, and scanning those is faster than
/// hashing, so a small object is just its members. A client's line may hold an
/// object of 100,000 keys, though, where a scan per lookup or insert makes
/// reading it quadratic: past `indexedCount` members an object also keeps each
/// key's position, so lookups and inserts take constant time.
public struct JSONObject: Sendable {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSON
    }

    /// Objects with more members than this keep an index of their keys.
    static let indexedCount = 16

    /// One reference either way, so copying a `JSON` costs what it did before
    /// large objects had an index.
    private enum Storage: Sendable {
        case scanned([Member])
        case indexed(IndexedMembers)
    }

    private var storage: Storage

    public init() {
        storage = .scanned([])
    }

    /// A later pair with the same key replaces the earlier one's value.
    public init(_ pairs: some Sequence<(String, JSON)>) {
        self.init(Array(pairs))
    }

    /// The same for an array, which is how summaries and outcomes are built:
    /// not generic, so a caller in another module does not pay for generics.
    public init(_ pairs: [(String, JSON)]) {
        var gathered = GatheredMembers()
        for (key, value) in pairs { gathered.set(key, value) }
        self = gathered.object
    }

    public var members: [Member] {
        switch storage {
        case .scanned(let members): return members
        case .indexed(let indexed): return indexed.members
        }
    }

    /// Whether lookups and inserts go through the index rather than a scan.
    var isIndexed: Bool {
        if case .indexed = storage { true } else { false }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    public subscript(key: String) -> JSON? {
        get {
            switch storage {
            case .scanned(let members): return members.first(where: { $0.key == key })?.value
            case .indexed(let indexed): return indexed.positions[key].map { indexed.members[$0].value }
            }
        }
        set {
            switch storage {
            case .scanned(var members):
                // Dropped from `storage` meanwhile, so `members` is changed in place.
                storage = .scanned([])
                let index = members.firstIndex(where: { $0.key == key })
                switch (index, newValue) {
                case (let index?, let value?): members[index].value = value
                case (let index?, nil): members.remove(at: index)
                case (nil, let value?): members.append(Member(key: key, value: value))
                case (nil, nil): break
                }
                storage = members.count > Self.indexedCount ? .indexed(IndexedMembers(members)) : .scanned(members)
            case .indexed(var indexed):
                storage = .scanned([])
                if !isKnownUniquelyReferenced(&indexed) { indexed = IndexedMembers(indexed.members) }
                indexed.set(key, newValue)
                storage = .indexed(indexed)
            }
        }
    }

    /// An object of members whose keys the caller knows are distinct (json-c
    /// keeps one member per key), made without looking any key up.
    init(distinctMembers members: [Member]) {
        storage = members.count > Self.indexedCount ? .indexed(IndexedMembers(members)) : .scanned(members)
    }
}

/// Members gathered one at a time into the array that becomes the object,
/// as a parsed object or a list of pairs is read: a repeated key keeps its
/// first place and takes the last value. Past `indexedCount` members a
/// dictionary finds repeated keys, so 100,000 keys do not cost a scan each.
struct GatheredMembers {
    private var members: [JSONObject.Member] = []
    private var positions: [String: Int]?

    init(reserving capacity: Int = 0) {
        members.reserveCapacity(capacity)
    }

    mutating func set(_ key: String, _ value: JSON) {
        if positions != nil {
            if let position = positions![key] {
                members[position].value = value
            } else {
                positions![key] = members.count
                members.append(JSONObject.Member(key: key, value: value))
            }
        } else if let position = members.firstIndex(where: { $0.key == key }) {
            members[position].value = value
        } else {
            members.append(JSONObject.Member(key: key, value: value))
            if members.count > JSONObject.indexedCount {
                positions = Dictionary(uniqueKeysWithValues: members.enumerated().map { ($0.element.key, $0.offset) })
            }
        }
    }

    var object: JSONObject { JSONObject(distinctMembers: members) }
}

/// A large object's members and each key's position among them. Shared by
/// copies of the object and replaced, not changed, while shared (copy on
/// write), so it is never changed while another thread may read it.
private final class IndexedMembers: @unchecked Sendable {
    private(set) var members: [JSONObject.Member]
    private(set) var positions: [String: Int]

    init(_ members: [JSONObject.Member]) {
        self.members = members
        // Keys are distinct; were they not, lookups would find the first.
        positions = Dictionary(
            members.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }

    func set(_ key: String, _ value: JSON?) {
        switch (positions[key], value) {
        case (let index?, let value?):
            members[index].value = value
        case (let index?, nil):
            members.remove(at: index)
            positions[key] = nil
            // Every member after the removed one moved up by one.
            for position in index..<members.count {
                positions[members[position].key] = position
            }
        case (nil, let value?):
            positions[key] = members.count
            members.append(JSONObject.Member(key: key, value: value))
        case (nil, nil):
            break
        }
    }
}

// Equal members in the same order make equal objects, however they are stored.
extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.members == rhs.members
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(members)
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
