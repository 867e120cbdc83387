import PickerJSON

/// Reads a method's params with one clear sentence per mistake (-32602, with
/// `data.field`). Unknown params are refused, so a typo never passes silently.
public struct ParamsReader {
    public let params: JSONObject
    public let method: String

    public init(_ params: JSONObject, method: String, known: [String]) throws(RPCError) {
        for key in params.keys where !known.contains(key) {
            let accepted = known.isEmpty ? "it takes none" : "it takes \(known.joined(separator: ", "))"
            throw .invalidParams("\(method) has no parameter '\(key.prefix(40))'; \(accepted)", field: key)
        }
        self.params = params
        self.method = method
    }

    public subscript(key: String) -> JSON? {
        guard let value = params[key], !value.isNull else { return nil }
        return value
    }

    public func has(_ key: String) -> Bool { self[key] != nil }

    public func string(_ key: String) throws(RPCError) -> String? {
        guard let value = self[key] else { return nil }
        guard let string = value.stringValue else { throw mistyped(key, "a string", value) }
        return string
    }

    public func requiredString(_ key: String) throws(RPCError) -> String {
        guard let string = try string(key) else { throw missing(key) }
        return string
    }

    public func bool(_ key: String) throws(RPCError) -> Bool? {
        guard let value = self[key] else { return nil }
        guard let bool = value.boolValue else { throw mistyped(key, "true or false", value) }
        return bool
    }

    public func integer(_ key: String, in range: ClosedRange<Int64>) throws(RPCError) -> Int64? {
        guard let value = self[key] else { return nil }
        guard let integer = value.integerValue, range.contains(integer) else {
            throw .invalidParams(
                "\(key) must be an integer from \(range.lowerBound) to \(range.upperBound)", field: key)
        }
        return integer
    }

    public func object(_ key: String) throws(RPCError) -> JSONObject? {
        guard let value = self[key] else { return nil }
        guard let object = value.objectValue else { throw mistyped(key, "an object", value) }
        return object
    }

    public func strings(_ key: String) throws(RPCError) -> [String]? {
        guard let value = self[key] else { return nil }
        guard let array = value.arrayValue else { throw mistyped(key, "an array of strings", value) }
        let strings = array.compactMap(\.stringValue)
        guard strings.count == array.count else { throw mistyped(key, "an array of strings", value) }
        return strings
    }

    public func missing(_ key: String) -> RPCError {
        .invalidParams("\(method) needs the parameter '\(key)'", field: key)
    }

    private func mistyped(_ key: String, _ expected: String, _ value: JSON) -> RPCError {
        .invalidParams("\(key) must be \(expected), not \(value.typeDescription)", field: key)
    }
}

extension ParamsReader {
    /// A level name or integer.
    public func level(_ key: String) throws(RPCError) -> LevelSpec? {
        guard let value = self[key] else { return nil }
        if let name = value.stringValue { return .named(name) }
        if let number = value.integerValue { return .value(Int(clamping: number)) }
        throw .invalidParams("\(key) must be a level name or an integer, not \(value.typeDescription)", field: key)
    }

    /// The `window` param, which must be there.
    public func requiredWindow() throws(RPCError) -> WindowID {
        WindowID(try requiredString("window"))
    }

    /// The `window` param of a method that takes the key window without one.
    public func optionalWindow() throws(RPCError) -> WindowID? {
        try string("window").map(WindowID.init)
    }
}
