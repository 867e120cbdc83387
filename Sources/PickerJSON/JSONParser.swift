/// A strict parser for one line of JSON, in one pass over its bytes.
///
/// It accepts RFC 8259 JSON only: no comments, trailing commas, NaN or single
/// quotes; valid UTF-8; no NUL byte anywhere; nothing after the value but
/// whitespace; nesting up to `maxDepth` levels. Integers that fit in `Int64` stay
/// exact and other numbers become doubles; a number beyond a double's range is an
/// error. An object with a duplicate key keeps the last value at the first key's
/// position (as JavaScript's `JSON.parse` does). A lone `\uD800`-style surrogate
/// escape reads as U+FFFD. Every error is one sentence with the byte offset
/// where the input went wrong (`JSONParseError`).
///
/// Nesting is kept on a stack of its own, not the call stack, so a deep
/// document cannot exhaust a thread's stack. A parser holds nothing between
/// calls; one per owner is still the habit, as it was when it kept a tokener.
public final class JSONParser {
    public static let defaultMaxDepth = 64

    public let maxDepth: Int

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        precondition(maxDepth >= 1, "maxDepth must be at least 1")
        self.maxDepth = maxDepth
    }

    public func parse(_ text: String) throws(JSONParseError) -> JSON {
        var text = text
        return try text.withUTF8 { buffer in
            Result { () throws(JSONParseError) in try parse(UnsafeRawBufferPointer(buffer)) }
        }.get()
    }

    public func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSON {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer) }
        }.get()
    }

    public func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSON {
        do {
            return try Self.value(of: bytes, maxDepth: maxDepth)
        } catch {
            // A token cut short says so where the input ends.
            guard error == JSONTokenScanner.endOfInput else { throw error }
            throw JSONParseError(bytes.isEmpty ? "empty input" : error.reason, at: bytes.count)
        }
    }

    /// An array or object begun and not yet closed.
    private struct Container {
        let isObject: Bool
        var elements: [JSON] = []
        var members: GatheredMembers
        /// An object's key whose value comes next.
        var key = ""

        init(isObject: Bool) {
            self.isObject = isObject
            // A request's envelope has three or four members.
            members = GatheredMembers(reserving: isObject ? 4 : 0)
        }

        mutating func add(_ value: JSON) {
            if isObject {
                members.set(key, value)
            } else {
                elements.append(value)
            }
        }

        var value: JSON {
            isObject ? .object(members.object) : .array(elements)
        }
    }

    private static func value(of bytes: UnsafeRawBufferPointer, maxDepth: Int) throws(JSONParseError) -> JSON {
        let scanner = JSONTokenScanner(bytes: bytes)
        var open: [Container] = []
        var index = skipWhitespace(bytes, from: 0)
        while true {
            // A value: a scalar, or a container that opens here.
            guard index < bytes.count else { throw JSONTokenScanner.endOfInput }
            var value: JSON
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = bytes[index] == UInt8(ascii: "{")
                guard open.count < maxDepth else {
                    throw JSONParseError("nesting deeper than \(maxDepth) levels", at: index)
                }
                index = skipWhitespace(bytes, from: index + 1)
                guard index < bytes.count else { throw JSONTokenScanner.endOfInput }
                if bytes[index] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    value = isObject ? .object(JSONObject()) : .array([])
                    index += 1
                    break
                }
                open.append(Container(isObject: isObject))
                if isObject {
                    index = try key(of: &open[open.count - 1], at: index, scanner, afterComma: false)
                }
                continue
            case UInt8(ascii: "\""):
                let (string, next) = try scanner.string(at: index)
                value = .string(string)
                index = next
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                (value, index) = try scanner.number(at: index)
            case let byte where JSONTokenScanner.isLetter(byte):
                (value, index) = try scanner.word(at: index)
            default:
                throw scanner.unexpected(at: index)
            }
            // The value ends its container's member or element; then either
            // the next one follows, or the container closes and is the value.
            while true {
                index = skipWhitespace(bytes, from: index)
                guard !open.isEmpty else {
                    guard index == bytes.count else { throw trailing(at: index, scanner) }
                    return value
                }
                let last = open.count - 1
                open[last].add(value)
                guard index < bytes.count else { throw JSONTokenScanner.endOfInput }
                let closing = open[last].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if bytes[index] == UInt8(ascii: ",") {
                    index = skipWhitespace(bytes, from: index + 1)
                    if open[last].isObject {
                        index = try key(of: &open[last], at: index, scanner, afterComma: true)
                    } else if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                        throw scanner.unexpected(at: index)
                    }
                    break
                }
                guard bytes[index] == closing else {
                    throw misplaced(
                        at: index, scanner,
                        expected: open[last].isObject
                            ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element")
                }
                value = open.removeLast().value
                index += 1
            }
        }
    }

    /// Reads an object's key and its colon, from `index`; the offset of its value.
    private static func key(
        of container: inout Container, at index: Int, _ scanner: JSONTokenScanner, afterComma: Bool
    ) throws(JSONParseError) -> Int {
        let bytes = scanner.bytes
        guard index < bytes.count else { throw JSONTokenScanner.endOfInput }
        guard bytes[index] == UInt8(ascii: "\"") else {
            // `{"a":1,}`: a trailing comma, which JSON does not allow.
            if afterComma, bytes[index] == UInt8(ascii: "}") { throw scanner.unexpected(at: index) }
            throw misplaced(at: index, scanner, expected: "expected a string as object key")
        }
        let (key, next) = try scanner.string(at: index)
        container.key = key
        let colon = skipWhitespace(bytes, from: next)
        guard colon < bytes.count else { throw JSONTokenScanner.endOfInput }
        guard bytes[colon] == UInt8(ascii: ":") else {
            throw misplaced(at: colon, scanner, expected: "expected ':' after an object key")
        }
        return skipWhitespace(bytes, from: colon + 1)
    }

    /// Where a structural character was expected: a token that is itself
    /// malformed says so first (`[1 01]`, `[1 x]`), a byte that begins no
    /// token is unexpected (`[1 /* */]`), and any other token is out of place.
    private static func misplaced(at index: Int, _ scanner: JSONTokenScanner, expected: String) -> JSONParseError {
        switch scanner.bytes[index] {
        case UInt8(ascii: "\""):
            if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try scanner.string(at: index) }) {
                return error
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try scanner.number(at: index) }) {
                return error
            }
        case let byte where JSONTokenScanner.isLetter(byte):
            if case .failure(let error) = Result(catching: { () throws(JSONParseError) in try scanner.word(at: index) }) {
                return error
            }
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"), UInt8(ascii: ","):
            break
        default:
            return scanner.unexpected(at: index)
        }
        return JSONParseError(expected, at: index)
    }

    /// Something after the value: a word is named, anything else is unexpected.
    private static func trailing(at index: Int, _ scanner: JSONTokenScanner) -> JSONParseError {
        if JSONTokenScanner.isLetter(scanner.bytes[index]),
            case .failure(let error) = Result(catching: { () throws(JSONParseError) in try scanner.word(at: index) })
        {
            return error
        }
        return scanner.unexpected(at: index)
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return index
    }
}

extension JSON {
    /// Parses one JSON text with a fresh parser and the default depth limit.
    public static func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) -> JSON {
        try JSONParser(maxDepth: maxDepth).parse(text)
    }
}
