/// Where the parts of a JSON text sit in its bytes, for a text the parser has
/// already accepted (so it is well-formed: these walks do not check it again).
///
/// A parsed number keeps its value, not its spelling: `1e2` reads as 100.0 and
/// `-0` as 0. Where the spelling matters (a JSON-RPC id goes back exactly as it
/// was sent), it is taken from the source text with these.
public enum JSONSourceText {
    /// The byte range of each element of the top-level array, or nil when the
    /// text is not an array.
    public static func elementRanges(in bytes: UnsafeRawBufferPointer) -> [Range<Int>]? {
        var index = skipWhitespace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return nil }
        var ranges: [Range<Int>] = []
        index = skipWhitespace(bytes, from: index + 1)
        while index < bytes.count, bytes[index] != UInt8(ascii: "]") {
            let end = valueEnd(bytes, from: index)
            ranges.append(index..<end)
            index = skipWhitespace(bytes, from: end)
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index = skipWhitespace(bytes, from: index + 1) }
        }
        return ranges
    }

    /// The text of the value of the member named `name` in the object that
    /// `bytes` holds (the last one, as the parser keeps the last of duplicate
    /// keys), or nil when it is not an object or has no such member.
    public static func memberValue(named name: String, in bytes: UnsafeRawBufferPointer) -> String? {
        var index = skipWhitespace(bytes, from: 0)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "{") else { return nil }
        var found: Range<Int>?
        index = skipWhitespace(bytes, from: index + 1)
        while index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let keyEnd = stringEnd(bytes, from: index)
            let isName = key(in: bytes[index..<keyEnd], is: name)
            index = skipWhitespace(bytes, from: keyEnd)
            index = skipWhitespace(bytes, from: index + 1)  // the colon
            let end = valueEnd(bytes, from: index)
            if isName { found = index..<end }
            index = skipWhitespace(bytes, from: end)
            if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index = skipWhitespace(bytes, from: index + 1) }
        }
        return found.map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
    }

    /// Whether a key token (quotes included) spells `name`; escapes decoded.
    private static func key(in token: Slice<UnsafeRawBufferPointer>, is name: String) -> Bool {
        guard token.contains(UInt8(ascii: "\\")) else {
            return token.dropFirst().dropLast().elementsEqual(name.utf8)
        }
        return (try? JSONParser().parse(UnsafeRawBufferPointer(rebasing: token))) == .string(name)
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Just past the closing quote of the string that opens at `start`.
    private static func stringEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        return min(index + 1, bytes.count)
    }

    /// Just past the value that starts at `start`.
    private static func valueEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard start < bytes.count else { return start }
        switch bytes[start] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: start)
        case UInt8(ascii: "["), UInt8(ascii: "{"):
            var depth = 0
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""):
                    index = stringEnd(bytes, from: index)
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default:
                    break
                }
                index += 1
            }
            return index
        default:
            // A number or a literal: up to the next delimiter.
            var index = start
            while index < bytes.count, !isWhitespace(bytes[index]),
                bytes[index] != UInt8(ascii: ","), bytes[index] != UInt8(ascii: "]"), bytes[index] != UInt8(ascii: "}")
            {
                index += 1
            }
            return index
        }
    }
}
