/// Reads the tokens of one JSON text: strings (validating UTF-8 and
/// decoding escapes), numbers and words, each from a given offset, with the
/// sentence for every way one can be wrong. `JSONParser` puts them together.
///
/// A token cut off by the end of the input is "unexpected end of input".
struct JSONTokenScanner {
    let bytes: UnsafeRawBufferPointer
    var end: Int { bytes.count }

    // MARK: strings

    /// The string whose opening quote is at `start`, and the offset past its closing quote.
    func string(at start: Int) throws(JSONParseError) -> (String, next: Int) {
        var index = start + 1
        // The common case, a string without escapes, is decoded in one go.
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start + 1..<index]), as: UTF8.self)
                return (text, index + 1)
            case UInt8(ascii: "\\"):
                return try escapedString(at: start, from: index)
            case 0x20..<0x80:
                index += 1
            default:
                index = try checkedByte(at: index)
            }
        }
        throw Self.endOfInput
    }

    /// Goes on with a string from its first backslash, at `escape`.
    private func escapedString(at start: Int, from escape: Int) throws(JSONParseError) -> (String, next: Int) {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(escape - start + 16)
        decoded += UnsafeRawBufferPointer(rebasing: bytes[start + 1..<escape])
        var index = escape
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return (String(decoding: decoded, as: UTF8.self), index + 1)
            case UInt8(ascii: "\\"):
                index = try decodeEscape(at: index, into: &decoded)
            case 0x20..<0x80:
                decoded.append(byte)
                index += 1
            default:
                let next = try checkedByte(at: index)
                decoded += UnsafeRawBufferPointer(rebasing: bytes[index..<next])
                index = next
            }
        }
        throw Self.endOfInput
    }

    /// A byte in a string other than a quote, a backslash or plain ASCII:
    /// refused when a NUL or control character, else the offset past its
    /// UTF-8 sequence once that is checked.
    private func checkedByte(at index: Int) throws(JSONParseError) -> Int {
        let byte = bytes[index]
        switch byte {
        case 0:
            throw JSONParseError("NUL byte", at: index)
        case 0x01..<0x20:
            let hex = String(byte, radix: 16, uppercase: true)
            throw JSONParseError(
                "unescaped control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string", at: index)
        default:
            return try utf8Sequence(at: index)
        }
    }

    /// Decodes the escape whose backslash is at `index`; the offset after it.
    /// A surrogate escape not in a pair reads as U+FFFD.
    private func decodeEscape(at index: Int, into decoded: inout [UInt8]) throws(JSONParseError) -> Int {
        guard index + 1 < end else { throw Self.endOfInput }
        let simple: UInt8
        switch bytes[index + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: index)
            var next = index + 6
            var scalar = Unicode.Scalar(unit)
            if (0xD800..<0xDC00).contains(unit), next + 1 < end, bytes[next] == UInt8(ascii: "\\"),
                bytes[next + 1] == UInt8(ascii: "u")
            {
                let low = try hexUnit(at: next)
                if (0xDC00..<0xE000).contains(low) {
                    scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                    next += 6
                }
            }
            decoded += UTF8.encode(scalar ?? "\u{FFFD}")!
            return next
        default:
            throw JSONParseError("invalid escape sequence in a string", at: index)
        }
        decoded.append(simple)
        return index + 2
    }

    /// The four hex digits of the `\u` escape whose backslash is at `index`.
    private func hexUnit(at index: Int) throws(JSONParseError) -> UInt16 {
        var unit: UInt16 = 0
        for position in index + 2..<index + 6 {
            guard position < end else { throw Self.endOfInput }
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError("invalid \\u escape (four hex digits expected)", at: index)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Validates one multi-byte UTF-8 sequence by the well-formed table of
    /// Unicode 15, section 3.9 (no overlong forms, surrogates or values past U+10FFFF).
    private func utf8Sequence(at index: Int) throws(JSONParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw JSONParseError("invalid UTF-8", at: index)
        }
        for offset in 1..<length {
            let position = index + offset
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard position < end, range.contains(bytes[position]) else {
                throw JSONParseError("invalid UTF-8", at: index)
            }
        }
        return index + length
    }

    // MARK: numbers

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` from `start`: an
    /// integer while it fits in `Int64`, else a double (correctly rounded).
    func number(at start: Int) throws(JSONParseError) -> (JSON, next: Int) {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < end else { throw Self.endOfInput }
        guard Self.isDigit(bytes[index]) else {
            throw JSONParseError("expected a digit after '-'", at: index)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < end, Self.isDigit(bytes[index]) {
                throw JSONParseError("leading zeros are not allowed in numbers", at: start)
            }
        } else {
            index = skipDigits(from: index)
        }
        var isInteger = true
        if index < end, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < end else { throw Self.endOfInput }
            guard Self.isDigit(bytes[index]) else {
                throw JSONParseError("expected a digit after the decimal point", at: index)
            }
            index = skipDigits(from: index)
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < end else { throw Self.endOfInput }
            guard Self.isDigit(bytes[index]) else {
                throw JSONParseError("expected a digit in the exponent", at: index)
            }
            index = skipDigits(from: index)
        }
        if index < end, Self.continuesNumber(bytes[index]) {
            throw JSONParseError("malformed number", at: start)
        }
        if isInteger, let integer = integer(in: start..<index, negative: negative) {
            return (.integer(integer), index)
        }
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONParseError("number too large for a 64-bit float", at: start)
        }
        return (.double(value), index)
    }

    /// The integer the digits spell, or nil past `Int64`.
    private func integer(in token: Range<Int>, negative: Bool) -> Int64? {
        var value: Int64 = 0
        for position in token.lowerBound + (negative ? 1 : 0)..<token.upperBound {
            let digit = Int64(bytes[position] - UInt8(ascii: "0"))
            // Counted towards the negative end, which is one larger.
            let (tens, overflowed) = value.multipliedReportingOverflow(by: 10)
            let (next, overflowedAgain) = tens.subtractingReportingOverflow(digit)
            guard !overflowed, !overflowedAgain else { return nil }
            value = next
        }
        if negative { return value }
        return value == .min ? nil : -value
    }

    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index < end, Self.isDigit(bytes[index]) { index += 1 }
        return index
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    // MARK: words

    /// `true`, `false` or `null` from `start`.
    func word(at start: Int) throws(JSONParseError) -> (JSON, next: Int) {
        var index = start
        while index < end, Self.isLetter(bytes[index]) { index += 1 }
        let word = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        if word.elementsEqual("true".utf8) { return (true, index) }
        if word.elementsEqual("false".utf8) { return (false, index) }
        if word.elementsEqual("null".utf8) { return (.null, index) }
        let text = String(decoding: word, as: UTF8.self)
        if index == end, "true".hasPrefix(text) || "false".hasPrefix(text) || "null".hasPrefix(text) {
            throw Self.endOfInput
        }
        let quoted = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<min(index, start + 20)]), as: UTF8.self)
        throw JSONParseError("unexpected word '\(quoted)' (JSON has only true, false and null)", at: start)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    // MARK: errors

    /// Thrown with offset 0; the parser puts the real one (the input's length) in.
    static let endOfInput = JSONParseError("unexpected end of input", at: 0)

    /// A byte that begins no token.
    func unexpected(at index: Int) -> JSONParseError {
        let byte = bytes[index]
        if byte == 0 { return JSONParseError("NUL byte", at: index) }
        if byte >= 0x21 && byte < 0x7F {
            return JSONParseError("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: index)
        }
        return JSONParseError("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))", at: index)
    }
}
