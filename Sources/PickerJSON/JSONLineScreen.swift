/// One pass over a line's bytes before json-c reads it, for what json-c
/// 0.16's strict mode lets through or cannot keep. It knows bytes, not JSON:
/// it marks the places where something may be wrong, and `JSONParser` asks
/// json-c's tokener, stopped at each place, whether it is inside a string or
/// between two tokens there. It never decides where a string or a token is.
///
/// - the first NUL byte or byte that is not well-formed UTF-8 (Unicode 15,
///   section 3.9: json-c's own check lets overlong forms, surrogates and
///   values past U+10FFFF through): the line ends there for json-c;
/// - control characters, which json-c keeps raw inside strings;
/// - a `0` followed by a digit where a number could begin (json-c reads
///   `-01` and `00`), a `'` after `{` or `,` (json-c takes `{'a':1}`), and
///   `NaN`, `Infinity` and `-Infinity` (json-c's strict mode reads them);
/// - an integer past `Int64`, which json-c would saturate: json-c gets it
///   with an exponent (`e0`) added, so it reads a correctly rounded double;
///   and `-0`, whose sign json-c's integer would lose, likewise;
/// - an escaped NUL (`\u0000`), which json-c would cut a key short at.
struct JSONLineScreen {
    enum Mark: Equatable {
        case controlCharacter
        case leadingZero
        case singleQuote
        case nonFiniteWord(length: Int)
        /// Digits (with their sign) to `end`, beyond `Int64`.
        case bigInteger(end: Int)
        /// `-0` as an integer, to `end`: json-c reads it as the integer 0 and
        /// keeps no text for integers, so it gets an exponent too and comes
        /// out as a double that keeps its text (`-0e0`, read back as `-0`).
        case negativeZero(end: Int)
        case escapedNUL
    }

    struct Place: Equatable {
        var offset: Int
        var mark: Mark
    }

    enum Stop: Equatable {
        case nul
        case invalidUTF8
    }

    private(set) var places: [Place] = []
    /// Where the line stops being acceptable at all, and why.
    private(set) var stop: (offset: Int, reason: Stop)?
    private(set) var hasEscapedNUL = false

    /// Where json-c is to read up to.
    var end: Int

    init(_ bytes: UnsafeRawBufferPointer) {
        end = bytes.count
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            // Most bytes of a line are printable ASCII that marks nothing.
            if byte < 0x80, (byte < 64 ? Self.markingBelow64 >> byte : Self.markingFrom64 >> (byte - 64)) & 1 == 0 {
                index += 1
                continue
            }
            switch byte {
            case 0x80...:
                guard let next = Self.utf8SequenceEnd(bytes, at: index) else {
                    stop = (index, .invalidUTF8)
                    end = index
                    return
                }
                index = next
                continue
            case 0:
                stop = (index, .nul)
                end = index
                return
            case 0x01..<0x20:
                places.append(Place(offset: index, mark: .controlCharacter))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                index = digits(bytes, from: index)
                continue
            case UInt8(ascii: "'"):
                if Self.previousNonBlank(bytes, before: index).map({
                    $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: ",")
                }) ?? false {
                    places.append(Place(offset: index, mark: .singleQuote))
                }
            case UInt8(ascii: "N"), UInt8(ascii: "I"):
                word(bytes, at: index)
            case UInt8(ascii: "\\"):
                if Self.isEscapedNUL(bytes, at: index) {
                    places.append(Place(offset: index, mark: .escapedNUL))
                    hasEscapedNUL = true
                }
            default:
                break
            }
            index += 1
        }
    }

    /// The ASCII bytes the switch below looks at, one bit each: control
    /// characters, `'` and digits below 64; `I`, `N` and `\\` from 64.
    private static let markingBelow64: UInt64 = 0xFFFF_FFFF | 1 << 0x27 | 0x3FF << 0x30
    private static let markingFrom64: UInt64 = 1 << (0x49 - 64) | 1 << (0x4E - 64) | 1 << (0x5C - 64)

    /// A run of digits from `start`: marks a leading zero or an integer past
    /// `Int64` where a number may begin; the offset after the run.
    private mutating func digits(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var end = start
        while end < bytes.count, Self.isDigit(bytes[end]) { end += 1 }
        // Not where a number begins: more digits, a fraction or an exponent.
        if start > 0, Self.continuesNumber(bytes[start - 1]) {
            guard bytes[start - 1] == UInt8(ascii: "-"), start < 2 || !Self.continuesNumber(bytes[start - 2]) else {
                return end
            }
        }
        let negative = start > 0 && bytes[start - 1] == UInt8(ascii: "-")
        let tokenStart = negative ? start - 1 : start
        if bytes[start] == UInt8(ascii: "0"), end - start > 1 {
            places.append(Place(offset: tokenStart, mark: .leadingZero))
        } else if negative, bytes[start] == UInt8(ascii: "0"),
            end == bytes.count || !Self.beginsFractionOrExponent(bytes[end])
        {
            places.append(Place(offset: tokenStart, mark: .negativeZero(end: end)))
        } else if end - start >= 19, end == bytes.count || !Self.beginsFractionOrExponent(bytes[end]),
            Self.isBeyondInt64(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), negative: negative)
        {
            places.append(Place(offset: tokenStart, mark: .bigInteger(end: end)))
        }
        return end
    }

    /// `NaN`, `Infinity` or `-Infinity` at `index` (the `-` before it included).
    private mutating func word(_ bytes: UnsafeRawBufferPointer, at index: Int) {
        if index > 0, Self.isAlphanumeric(bytes[index - 1]) { return }
        let word = bytes[index] == UInt8(ascii: "N") ? "NaN" : "Infinity"
        guard bytes[index...].starts(with: word.utf8) else { return }
        let negative = index > 0 && bytes[index - 1] == UInt8(ascii: "-")
        places.append(
            Place(
                offset: negative ? index - 1 : index, mark: .nonFiniteWord(length: word.utf8.count + (negative ? 1 : 0))
            ))
    }

    private static func isEscapedNUL(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Bool {
        guard index + 6 <= bytes.count, bytes[index + 1] == UInt8(ascii: "u") else { return false }
        return bytes[index + 2..<index + 6].allSatisfy { $0 == UInt8(ascii: "0") }
    }

    private static func previousNonBlank(_ bytes: UnsafeRawBufferPointer, before index: Int) -> UInt8? {
        var position = index - 1
        while position >= 0 {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position -= 1
            default: return bytes[position]
            }
        }
        return nil
    }

    /// Whether the digits (no sign) are beyond `Int64` with their sign.
    private static func isBeyondInt64(_ digits: UnsafeRawBufferPointer, negative: Bool) -> Bool {
        let limit = negative ? "9223372036854775808" : "9223372036854775807"
        if digits.count != limit.utf8.count { return digits.count > limit.utf8.count }
        return digits.lexicographicallyPrecedes(limit.utf8) == false && !digits.elementsEqual(limit.utf8)
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func continuesNumber(_ byte: UInt8) -> Bool {
        isDigit(byte) || beginsFractionOrExponent(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }

    private static func beginsFractionOrExponent(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }

    /// The offset after the well-formed UTF-8 sequence that begins at
    /// `index`, or nil (no overlong forms, surrogates or values past U+10FFFF).
    private static func utf8SequenceEnd(_ bytes: UnsafeRawBufferPointer, at index: Int) -> Int? {
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
        default: return nil
        }
        for offset in 1..<length {
            let position = index + offset
            let range = offset == 1 ? secondRange : 0x80...0xBF
            guard position < bytes.count, range.contains(bytes[position]) else { return nil }
        }
        return index + length
    }
}
