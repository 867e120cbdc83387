import CJSONC

/// Gives one line to json-c's tokener in pieces: the line's own bytes up to
/// an offset, or a few bytes of ours standing at an offset of the line (an
/// exponent, the NUL stand-in, the end). Keeps where json-c is in the line,
/// so each error names a byte of the line, and holds the tree once json-c
/// has read a whole value.
struct JSONTokenerFeeder {
    let tokener: UnsafeMutablePointer<json_tokener>
    let bytes: UnsafeRawBufferPointer
    let maxDepth: Int
    /// Past this many elements in one array or object the line is refused,
    /// as soon as a seam (`seam`) shows it (nil: no limit).
    let maxElements: Int?
    /// With `maxElements`, json-c gets the line this many bytes at a time,
    /// and the containers it has open are counted between two: a line with
    /// 58,000 actions is refused a seam past the limit, not once all of them
    /// are built (and freed).
    static let seam = 8 * 1024
    /// The line's bytes before this offset have been given to json-c.
    private(set) var fed = 0
    /// json-c's tree once it is complete (nil also for `null`).
    private(set) var root: OpaquePointer?

    init(tokener: UnsafeMutablePointer<json_tokener>, bytes: UnsafeRawBufferPointer, maxDepth: Int, maxElements: Int?) {
        self.tokener = tokener
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.maxElements = maxElements
    }

    /// Gives json-c the line up to `end`; true once it has read a whole value.
    mutating func feed(upTo end: Int) throws(JSONParseError) -> Bool {
        guard end > fed, let base = bytes.baseAddress else { return false }
        while fed < end {
            let start = fed
            fed = maxElements == nil ? end : min(end, start + Self.seam)
            // Never inside a character: json-c checks UTF-8 a call at a time.
            while fed < end, bytes[fed] & 0xC0 == 0x80 { fed += 1 }
            let result = json_tokener_parse_ex(
                tokener, base.advanced(by: start).assumingMemoryBound(to: CChar.self), Int32(fed - start))
            if try outcome(result, at: start + json_tokener_get_parse_end(tokener)) { return true }
            if let maxElements, case let depth = pickerd_json_tokener_open_container_past(tokener, maxElements),
                depth >= 0
            {
                throw Self.tooManyElements(maxElements, at: fed, depth: Int(depth))
            }
        }
        return false
    }

    /// An array or object with more than `limit` elements (members), `depth`
    /// levels down, found at `offset`.
    static func tooManyElements(_ limit: Int, at offset: Int, depth: Int) -> JSONParseError {
        JSONParseError("an array or object holds more than \(limit) elements", at: offset, elementLimitDepth: depth)
    }

    /// Gives json-c `text` as if it stood at `offset`, where any error it
    /// finds in it is said to be (or at the end, as "unexpected end of input").
    mutating func feed(synthetic text: some Collection<UInt8>, at offset: Int, endingInput: Bool = false)
        throws(JSONParseError) -> Bool
    {
        let result = Array(text).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { json_tokener_parse_ex(tokener, $0.baseAddress, Int32($0.count)) }
        }
        do {
            return try outcome(result, at: offset)
        } catch  where endingInput && error.reason != depthReason {
            throw JSONParseError("unexpected end of input", at: offset)
        }
    }

    /// Goes on from `offset`, leaving out what is before it.
    mutating func skip(to offset: Int) {
        fed = offset
    }

    private mutating func outcome(_ result: OpaquePointer?, at offset: Int) throws(JSONParseError) -> Bool {
        let error = json_tokener_get_error(tokener)
        switch error {
        case json_tokener_success:
            root = result
            return true
        case json_tokener_continue:
            return false
        default:
            throw describe(error, at: offset)
        }
    }

    /// The tree, once nothing but whitespace follows the value up to the
    /// screen's end, and the screen found nothing wrong after it.
    func finished(_ screen: JSONLineScreen) throws(JSONParseError) -> OpaquePointer? {
        var index = fed
        while index < screen.end, Self.isBlank(bytes[index]) { index += 1 }
        let failure =
            index < screen.end
            ? Self.unexpected(bytes[index], at: index) : screen.stop.map { stopped(at: $0.offset, because: $0.reason) }
        if let failure {
            json_object_put(root)
            throw failure
        }
        return root
    }

    /// The screen's stop, json-c having found nothing wrong before it.
    func stopped(at offset: Int, because reason: JSONLineScreen.Stop) -> JSONParseError {
        switch reason {
        case .nul:
            return JSONParseError("NUL byte", at: offset)
        case .invalidUTF8:
            if root == nil, pickerd_json_tokener_is_in_string(tokener) != 0 {
                return JSONParseError("invalid UTF-8", at: offset)
            }
            return Self.unexpected(bytes[offset], at: offset)
        }
    }

    private var depthReason: String { "nesting deeper than \(maxDepth) levels" }

    /// json-c's error, in a sentence of ours.
    private func describe(_ error: json_tokener_error, at offset: Int) -> JSONParseError {
        let byte = offset < bytes.count ? bytes[offset] : nil
        let reason: String
        switch error {
        case json_tokener_error_depth: reason = depthReason
        case json_tokener_error_parse_eof: reason = "unexpected end of input"
        case json_tokener_error_parse_null, json_tokener_error_parse_boolean: return word(around: offset)
        case json_tokener_error_parse_number: reason = "malformed number"
        case json_tokener_error_parse_string: reason = "invalid escape sequence in a string"
        // The screen has checked the line's UTF-8: json-c says this of a
        // multi-byte character where no token begins (it counts its bytes
        // before it looks at them).
        case json_tokener_error_parse_utf8_string:
            return byte.map { Self.unexpected($0, at: offset) } ?? JSONParseError("invalid UTF-8", at: offset)
        case json_tokener_error_size: reason = "input too large"
        case _ where byte.map(Self.beginsToken) != true:
            // A byte that begins no token is named (`[1 /* c */]`), wherever it is.
            return byte.map { Self.unexpected($0, at: offset) } ?? JSONParseError("unexpected end of input", at: offset)
        case json_tokener_error_parse_array: reason = "expected ',' or ']' after an array element"
        case json_tokener_error_parse_object_key_name: reason = "expected a string as object key"
        case json_tokener_error_parse_object_key_sep: reason = "expected ':' after an object key"
        case json_tokener_error_parse_object_value_sep: reason = "expected ',' or '}' after an object member"
        default: return Self.unexpected(bytes[offset], at: offset)
        }
        return JSONParseError(reason, at: offset)
    }

    /// json-c found no `true`, `false` or `null` where a word begins: the
    /// word around the byte where it stopped, named from its start.
    private func word(around offset: Int) -> JSONParseError {
        var start = min(offset, bytes.count)
        while start > 0, Self.isLetter(bytes[start - 1]) { start -= 1 }
        var end = start
        while end < bytes.count, end < start + 20, Self.isLetter(bytes[end]) { end += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        return JSONParseError("unexpected word '\(word)' (JSON has only true, false and null)", at: start)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
    }

    /// Whether a value, a key or a separator can begin with this byte.
    private static func beginsToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ":"),
            UInt8(ascii: ","),
            UInt8(ascii: "\""), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return isLetter(byte)
        }
    }

    /// A byte that has no place where it is.
    static func unexpected(_ byte: UInt8, at offset: Int) -> JSONParseError {
        if byte == 0 { return JSONParseError("NUL byte", at: offset) }
        if byte >= 0x21 && byte < 0x7F {
            return JSONParseError("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: offset)
        }
        return JSONParseError("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))", at: offset)
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
