import CJSONC

/// A strict parser for one line of JSON, built on json-c's tokener.
///
/// It accepts RFC 8259 JSON only: no comments, trailing commas, NaN or single
/// quotes; valid UTF-8; no NUL byte anywhere; nothing after the value but
/// whitespace; nesting up to `maxDepth` levels. Integers that fit in `Int64` stay
/// exact and other numbers become doubles; a number beyond a double's range is an
/// error. An object with a duplicate key keeps the last value at the first key's
/// position (as JavaScript's `JSON.parse` does). An escaped `\u0000` inside an
/// object *key* cuts the key short there, because json-c keeps keys as C strings;
/// inside string values it is kept. A lone `\uD800`-style surrogate escape reads
/// as U+FFFD.
///
/// A parser reuses one json-c tokener, so it is not thread-safe: give each owner
/// (a connection, a test) its own.
public final class JSONParser {
    public static let defaultMaxDepth = 64

    public let maxDepth: Int
    private let tokener: UnsafeMutablePointer<json_tokener>

    public init(maxDepth: Int = JSONParser.defaultMaxDepth) {
        precondition(maxDepth >= 1, "maxDepth must be at least 1")
        self.maxDepth = maxDepth
        // json-c also counts a scalar inside the innermost container as a level;
        // the lexical check enforces the exact limit and json-c backs it up.
        tokener = json_tokener_new_ex(Int32(clamping: maxDepth + 1))
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8)
    }

    deinit {
        json_tokener_free(tokener)
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
        guard bytes.count <= Int(Int32.max) - 1 else {
            throw JSONParseError("input too large", at: 0)
        }
        let tree = try parseTree(bytes)
        defer { json_object_put(tree.root) }
        if tree.check.overflowingIntegerEnds.isEmpty {
            return Self.convert(tree.root)
        }
        // json-c saturates integers past Int64; give each such token an exponent
        // so json-c reads it as a double, with strtod's correct rounding.
        let rewritten = Self.insertExponents(into: bytes, after: tree.check.overflowingIntegerEnds)
        return try rewritten.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in
                let second = try parseTree(buffer)
                defer { json_object_put(second.root) }
                return Self.convert(second.root)
            }
        }.get()
    }

    private struct Tree {
        var root: OpaquePointer?
        var check: JSONLexicalCheck
    }

    private func parseTree(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> Tree {
        json_tokener_reset(tokener)
        let count = bytes.count
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        var root = base.map { json_tokener_parse_ex(tokener, $0, Int32(count)) } ?? nil
        var error = json_tokener_get_error(tokener)
        var stoppedAt = json_tokener_get_parse_end(tokener)
        if error == json_tokener_continue {
            // A lone scalar (`12`, `true`) is complete only once json-c sees the end.
            var terminator: CChar = 0
            root = json_tokener_parse_ex(tokener, &terminator, 1)
            error = json_tokener_get_error(tokener)
            stoppedAt = count
        }
        if error != json_tokener_success {
            // Our own finding is more precise, so it wins where it comes first.
            _ = try JSONLexicalCheck.run(bytes, upTo: min(stoppedAt + 1, count), maxDepth: maxDepth)
            throw Self.describe(error, at: stoppedAt, maxDepth: maxDepth, bytes: bytes)
        }
        let check: JSONLexicalCheck
        do {
            check = try JSONLexicalCheck.run(bytes, upTo: count, maxDepth: maxDepth)
        } catch {
            json_object_put(root)
            throw error
        }
        if stoppedAt < count {
            // json-c stops at a NUL byte as if the input ended there; the check
            // above reports NULs, so anything else left over is garbage.
            json_object_put(root)
            throw JSONParseError("unexpected data after the JSON value", at: stoppedAt)
        }
        // json-c returns no object for `null`, which `convert` reads back as null.
        return Tree(root: root, check: check)
    }

    private static func describe(
        _ error: json_tokener_error, at offset: Int, maxDepth: Int, bytes: UnsafeRawBufferPointer
    ) -> JSONParseError {
        switch error {
        case json_tokener_error_depth:
            return JSONParseError("nesting deeper than \(maxDepth) levels", at: offset)
        case json_tokener_error_parse_eof:
            return JSONParseError(offset == 0 ? "empty input" : "unexpected end of input", at: offset)
        case json_tokener_error_parse_object_key_name:
            return JSONParseError("expected a string as object key", at: offset)
        case json_tokener_error_parse_object_key_sep:
            return JSONParseError("expected ':' after an object key", at: offset)
        case json_tokener_error_parse_object_value_sep:
            return JSONParseError("expected ',' or '}' after an object member", at: offset)
        case json_tokener_error_parse_array:
            return JSONParseError("expected ',' or ']' after an array element", at: offset)
        case json_tokener_error_parse_string:
            return JSONParseError("invalid string", at: offset)
        case json_tokener_error_parse_utf8_string:
            return JSONParseError("invalid UTF-8", at: offset)
        case json_tokener_error_size:
            return JSONParseError("input too large", at: offset)
        default:
            if offset < bytes.count, offset >= 0 {
                let byte = bytes[offset]
                if byte >= 0x21 && byte < 0x7F {
                    return JSONParseError("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: offset)
                }
                if byte == 0x20 || byte == 0x09 {
                    return JSONParseError("unexpected whitespace", at: offset)
                }
            }
            return JSONParseError("unexpected input", at: offset)
        }
    }

    private static func insertExponents(into bytes: UnsafeRawBufferPointer, after ends: [Int]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 2 * ends.count)
        var copied = 0
        for end in ends {
            result.append(contentsOf: bytes[copied..<end])
            result.append(contentsOf: "e0".utf8)
            copied = end
        }
        result.append(contentsOf: bytes[copied...])
        return result
    }

    private static func convert(_ object: OpaquePointer?) -> JSON {
        guard let object else { return .null }
        switch json_object_get_type(object) {
        case json_type_null:
            return .null
        case json_type_boolean:
            return .bool(json_object_get_boolean(object) != 0)
        case json_type_int:
            return .integer(json_object_get_int64(object))
        case json_type_double:
            return .double(json_object_get_double(object))
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            let pointer = UnsafeRawPointer(json_object_get_string(object)!)
            return .string(String(decoding: UnsafeRawBufferPointer(start: pointer, count: length), as: UTF8.self))
        case json_type_array:
            let count = json_object_array_length(object)
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(convert(json_object_array_get_idx(object, index)))
            }
            return .array(elements)
        case json_type_object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(json_object_object_length(object)))
            var iterator = json_object_iter_begin(object)
            var end = json_object_iter_end(object)
            while json_object_iter_equal(&iterator, &end) == 0 {
                let key = String(cString: json_object_iter_peek_name(&iterator))
                members.append(JSONObject.Member(key: key, value: convert(json_object_iter_peek_value(&iterator))))
                json_object_iter_next(&iterator)
            }
            return .object(JSONObject(distinctMembers: members))
        default:
            return .null
        }
    }
}

extension JSON {
    /// Parses one JSON text with a fresh parser and the default depth limit.
    public static func parse(_ text: String, maxDepth: Int = JSONParser.defaultMaxDepth) throws(JSONParseError) -> JSON {
        try JSONParser(maxDepth: maxDepth).parse(text)
    }
}
