/// Reads the members of one JSON object by name, the same way wherever a
/// document is read: method params, a kind's options, the config file and
/// preset files. A member that is absent or `null` reads as nil. A mistake is
/// a `JSONReadProblem` naming where it is (its key path, like
/// `plugins.timeout_ms`), which `failure` turns into the reader's own error
/// type and wording: one sentence saying what is wrong.
public struct ObjectReader<Failure: Error> {
    public let source: JSONMembers
    /// Where this object is in its document: "" for the top, else like
    /// `permissions.rules[0]`.
    public let path: String
    public let failure: (JSONReadProblem) -> Failure

    public init(_ members: JSONObject, at path: String = "", failure: @escaping (JSONReadProblem) -> Failure) {
        self.init(.tree(members), at: path, failure: failure)
    }

    public init(_ source: JSONMembers, at path: String = "", failure: @escaping (JSONReadProblem) -> Failure) {
        self.source = source
        self.path = path
        self.failure = failure
    }

    /// Every member, converted now if they were still json-c's.
    public var members: JSONObject {
        switch source {
        case .tree(let members): members
        case .document(let view): view.members
        }
    }

    /// Reads `json` as an object at `path`: nil when absent or `null`.
    public init?(_ json: JSON?, at path: String, failure: @escaping (JSONReadProblem) -> Failure) throws(Failure) {
        guard let json, !json.isNull else { return nil }
        guard let members = json.objectValue else {
            throw failure(JSONReadProblem(path: path, .mistyped(expected: "an object", found: json.typeDescription)))
        }
        self.init(members, at: path, failure: failure)
    }

    /// The key path of one of this object's members.
    @inlinable
    public func path(of key: some MemberName) -> String {
        path.isEmpty ? key.jsonKey : "\(path).\(key.jsonKey)"
    }

    @inlinable
    public subscript(key: some MemberName) -> JSON? {
        switch source {
        case .tree(let members):
            guard let value = members[key.jsonKey], !value.isNull else { return nil }
            return value
        case .document(let view):
            guard let value = view[key.jsonKey], !value.isNull else { return nil }
            return value.json
        }
    }

    @inlinable
    public func has(_ key: some MemberName) -> Bool { self[key] != nil }

    /// The members not in `known`, in the document's order.
    public func unknownKeys(known: some Collection<String>) -> [String] {
        switch source {
        case .tree(let members): members.keys.filter { !known.contains($0) }
        case .document(let view): view.keys.filter { !known.contains($0) }
        }
    }

    /// Fails on the first member not in `known`. Every request and every
    /// restored window passes here, so it builds nothing unless it fails.
    public func refuseUnknownKeys(known: [String]) throws(Failure) {
        let unknown: String?
        switch source {
        case .tree(let members): unknown = members.members.first { !known.contains($0.key) }?.key
        case .document(let view): unknown = view.firstKey(notIn: known)
        }
        if let unknown {
            throw failure(JSONReadProblem(path: path(of: unknown), .unknownKey(known: known)))
        }
    }

    @inlinable
    public func problem(_ key: some MemberName, _ kind: JSONReadProblem.Kind) -> Failure {
        failure(JSONReadProblem(path: path(of: key), kind))
    }

    @inlinable
    public func string(_ key: some MemberName) throws(Failure) -> String? {
        try typed(key, "a string", { $0.stringValue })
    }

    @inlinable
    public func requiredString(_ key: some MemberName) throws(Failure) -> String {
        guard let string = try string(key) else { throw problem(key, .missing) }
        return string
    }

    @inlinable
    public func bool(_ key: some MemberName) throws(Failure) -> Bool? {
        try typed(key, "true or false", { $0.boolValue })
    }

    @inlinable
    public func integer(_ key: some MemberName, in range: ClosedRange<Int64>) throws(Failure) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let integer = value.integerValue, range.contains(integer) else {
            throw problem(key, .outOfRange(range, found: value.typeDescription, isInteger: value.integerValue != nil))
        }
        return integer
    }

    @inlinable
    public func array(_ key: some MemberName) throws(Failure) -> [JSON]? {
        try typed(key, "an array", { $0.arrayValue })
    }

    public func strings(_ key: some MemberName) throws(Failure) -> [String]? {
        guard let value = self[key] else { return nil }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            throw problem(key, .mistyped(expected: "an array of strings", found: value.typeDescription))
        }
        return array.compactMap { $0.stringValue }
    }

    /// A member that is an object, read the same way, its path extended.
    @inlinable
    public func object(_ key: some MemberName) throws(Failure) -> ObjectReader? {
        guard let members = try typed(key, "an object", { $0.objectValue }) else { return nil }
        return ObjectReader(members, at: path(of: key), failure: failure)
    }

    // Closures, not key paths: a key path here is made at run time on every
    // call. Inlinable, like the readers above, so that each kind's and each
    // method's reading is specialized where it is written, not generic.
    @inlinable
    func typed<Value>(_ key: some MemberName, _ expected: String, _ read: (JSON) -> Value?) throws(Failure) -> Value? {
        guard let value = self[key] else { return nil }
        guard let typed = read(value) else {
            throw problem(key, .mistyped(expected: expected, found: value.typeDescription))
        }
        return typed
    }
}

/// An object's members as a reader reads them: a `JSONObject`, or one of a
/// `JSONDocument`'s objects, whose members are converted one by one as they
/// are read.
public enum JSONMembers {
    case tree(JSONObject)
    case document(JSONObjectView)
}

/// One mistake in a document, and where it is.
public struct JSONReadProblem: Error, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        /// The member has another type than `expected` (like "a string").
        case mistyped(expected: String, found: String)
        /// Not an integer in `range`; `found` is what it is.
        case outOfRange(ClosedRange<Int64>, found: String, isInteger: Bool)
        case missing
        /// A key that is not one of `known`.
        case unknownKey(known: [String])
    }

    /// The key path: `plugins.timeout_ms`, `permissions.rules[0].uid`.
    public let path: String
    public let kind: Kind

    public init(path: String, _ kind: Kind) {
        self.path = path
        self.kind = kind
    }

    /// The last key of the path.
    public var key: String {
        String(path[(path.lastIndex(of: ".").map(path.index(after:)) ?? path.startIndex)...])
    }
}
