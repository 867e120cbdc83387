/// One pass over a line's bytes for what json-c's strict tokener lets through:
/// NUL bytes, invalid UTF-8 (overlong forms, surrogates, code points past U+10FFFF),
/// raw control characters in strings, number forms RFC 8259 forbids (`01`, `2.`,
/// `-.5`), words other than `true`, `false` and `null` (`NaN`, `Infinity`), and
/// numbers too large for a double. Structure (brackets, commas, depth, trailing
/// garbage) is json-c's job.
///
/// It also counts container nesting exactly (json-c counts a scalar inside the
/// innermost container as one more level), and finds the integers that do not fit in `Int64`, which json-c would
/// silently saturate, so the parser can read them as doubles instead.
struct JSONLexicalCheck {
    /// Byte offsets just past each integer token that does not fit in `Int64`.
    private(set) var overflowingIntegerEnds: [Int] = []

    private let bytes: UnsafeRawBufferPointer
    private let end: Int
    private let maxDepth: Int

    /// Checks `bytes[0..<end]`; a token cut off at `end` is left for json-c to report.
    static func run(_ bytes: UnsafeRawBufferPointer, upTo end: Int, maxDepth: Int) throws(JSONParseError)
        -> JSONLexicalCheck
    {
        var check = JSONLexicalCheck(bytes: bytes, end: end, maxDepth: maxDepth)
        try check.scan()
        return check
    }

    private init(bytes: UnsafeRawBufferPointer, end: Int, maxDepth: Int) {
        self.bytes = bytes
        self.end = end
        self.maxDepth = maxDepth
    }

    private mutating func scan() throws(JSONParseError) {
        var index = 0
        var depth = 0
        while index < end {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                if depth > maxDepth {
                    throw JSONParseError("nesting deeper than \(maxDepth) levels", at: index)
                }
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ":"), UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "\""):
                index = try scanString(from: index)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = try scanNumber(from: index)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                index = try scanWord(from: index)
            case 0:
                throw JSONParseError("NUL byte", at: index)
            default:
                throw unexpected(at: index)
            }
        }
    }

    private func unexpected(at index: Int) -> JSONParseError {
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F {
            return JSONParseError("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: index)
        }
        return JSONParseError("unexpected byte 0x\(String(byte, radix: 16, uppercase: true))", at: index)
    }

    // MARK: strings

    /// Returns the offset just past the closing quote (or `end` when cut off).
    private func scanString(from start: Int) throws(JSONParseError) -> Int {
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return index + 1
            case UInt8(ascii: "\\"):
                index = try scanEscape(at: index)
            case 0:
                throw JSONParseError("NUL byte", at: index)
            case 0x01..<0x20:
                let hex = String(byte, radix: 16, uppercase: true)
                throw JSONParseError(
                    "unescaped control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex) in a string",
                    at: index)
            case 0x20..<0x80:
                index += 1
            default:
                index = try scanUTF8Sequence(at: index)
            }
        }
        return end
    }

    private func scanEscape(at index: Int) throws(JSONParseError) -> Int {
        guard index + 1 < end else { return end }
        switch bytes[index + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            return index + 2
        case UInt8(ascii: "u"):
            for digit in index + 2..<index + 6 {
                guard digit < end else { return end }
                guard Self.isHexDigit(bytes[digit]) else {
                    throw JSONParseError("invalid \\u escape (four hex digits expected)", at: index)
                }
            }
            return index + 6
        default:
            throw JSONParseError("invalid escape sequence in a string", at: index)
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default:
            return false
        }
    }

    /// Validates one multi-byte UTF-8 sequence by the well-formed table of
    /// Unicode 15, section 3.9 (no overlong forms, surrogates or values past U+10FFFF).
    private func scanUTF8Sequence(at index: Int) throws(JSONParseError) -> Int {
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

    // MARK: numbers and words

    /// Checks `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and returns the offset after it.
    private mutating func scanNumber(from start: Int) throws(JSONParseError) -> Int {
        var index = start
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        guard index < end else { return end }
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
        let integerEnd = index
        var isInteger = true
        if index < end, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < end else { return end }
            guard Self.isDigit(bytes[index]) else {
                throw JSONParseError("expected a digit after the decimal point", at: index)
            }
            index = skipDigits(from: index)
        }
        var exponentDigits = 0
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < end else { return end }
            guard Self.isDigit(bytes[index]) else {
                throw JSONParseError("expected a digit in the exponent", at: index)
            }
            let exponentStart = index
            index = skipDigits(from: index)
            exponentDigits = index - exponentStart
        }
        if index < end, Self.continuesNumber(bytes[index]) {
            throw JSONParseError("malformed number", at: start)
        }
        if isInteger {
            if !fitsInInt64(digits: integerStart..<integerEnd, negative: negative) {
                try checkFinite(start..<index)
                overflowingIntegerEnds.append(index)
            }
        } else if mayOverflowDouble(integerDigits: integerEnd - integerStart, exponentDigits: exponentDigits) {
            try checkFinite(start..<index)
        }
        return index
    }

    private func skipDigits(from start: Int) -> Int {
        var index = start
        while index < end, Self.isDigit(bytes[index]) { index += 1 }
        return index
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private func fitsInInt64(digits: Range<Int>, negative: Bool) -> Bool {
        let limit = negative ? "9223372036854775808" : "9223372036854775807"
        if digits.count != limit.utf8.count { return digits.count < limit.utf8.count }
        for (offset, limitDigit) in zip(digits, limit.utf8) where bytes[offset] != limitDigit {
            return bytes[offset] < limitDigit
        }
        return true
    }

    /// A cheap filter before the exact check: below 1e308 needs fewer than 210
    /// integer digits with a two-digit exponent at most.
    private func mayOverflowDouble(integerDigits: Int, exponentDigits: Int) -> Bool {
        exponentDigits >= 3 || integerDigits > 209
    }

    private func checkFinite(_ token: Range<Int>) throws(JSONParseError) {
        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[token]), as: UTF8.self)
        if let value = Double(text), !value.isFinite {
            throw JSONParseError("number too large for a 64-bit float", at: token.lowerBound)
        }
    }

    private func scanWord(from start: Int) throws(JSONParseError) -> Int {
        var index = start
        while index < end, Self.isLetter(bytes[index]) { index += 1 }
        let word = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if word == "true" || word == "false" || word == "null" { return index }
        let cutOffByInput = index == bytes.count
        if cutOffByInput, "true".hasPrefix(word) || "false".hasPrefix(word) || "null".hasPrefix(word) {
            return end  // json-c reports the early end
        }
        // Quote the whole word, even past where json-c stopped.
        var wordEnd = index
        while wordEnd < bytes.count, wordEnd - start < 20, Self.isLetter(bytes[wordEnd]) { wordEnd += 1 }
        let quoted = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<wordEnd]), as: UTF8.self)
        throw JSONParseError("unexpected word '\(quoted)' (JSON has only true, false and null)", at: start)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
