import PickerJSON

/// A method's params, read with one clear sentence per mistake (-32602, with
/// `data.field` its key path). Unknown params are refused, so a typo never
/// passes silently.
public typealias ParamsReader = ObjectReader<RPCError>

extension ObjectReader where Failure == RPCError {
    public init(_ params: JSONObject, method: String, known: [String]) throws(RPCError) {
        try self.init(.tree(params), method: method, known: known)
    }

    /// Params still in json-c's objects are converted member by member, as the method reads them.
    public init(_ params: JSONMembers, method: String, known: [String]) throws(RPCError) {
        self.init(params) { problem in
            .invalidParams(Self.sentence(for: problem, method: method, known: known), field: problem.path)
        }
        try refuseUnknownKeys(known: known)
    }

    private static func sentence(for problem: JSONReadProblem, method: String, known: [String]) -> String {
        switch problem.kind {
        case .unknownKey:
            let accepted = known.isEmpty ? "it takes none" : "it takes \(known.joined(separator: ", "))"
            return "\(method) has no parameter '\(problem.path.prefix(40))'; \(accepted)"
        case .missing:
            return "\(method) needs the parameter '\(problem.path)'"
        case .mistyped(let expected, let found):
            return "\(problem.path) must be \(expected), not \(found)"
        case .outOfRange(let range, _, _):
            return "\(problem.path) must be an integer from \(range.lowerBound) to \(range.upperBound)"
        }
    }

    public func missing(_ key: some MemberName) -> RPCError {
        problem(key, .missing)
    }

    /// A level name or integer.
    public func level(_ key: some MemberName) throws(RPCError) -> LevelSpec? {
        guard let value = self[key] else { return nil }
        if let name = value.stringValue { return .named(name) }
        if let number = value.integerValue { return .value(Int(clamping: number)) }
        throw problem(key, .mistyped(expected: "a level name or an integer", found: value.typeDescription))
    }

    /// The `window` param, which must be there.
    public func requiredWindow() throws(RPCError) -> WindowID {
        WindowID(try requiredString(WireName.window))
    }

    /// The `window` param of a method that takes the key window without one.
    public func optionalWindow() throws(RPCError) -> WindowID? {
        try string(WireName.window).map(WindowID.init)
    }
}
