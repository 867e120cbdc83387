/// Assuan's percent-escaping: how texts come in (`SETDESC a%0Ab`) and how
/// data goes out (`D <value>`).
public enum AssuanText {
    /// A command's argument with each `%XX` (two hex digits) turned back into
    /// its byte, as pinentry reads SETDESC and the like. Bytes that are not
    /// UTF-8 become U+FFFD; a `%00` ends the text, as it ends pinentry's C string.
    public static func decoded<Bytes: Collection<UInt8>>(_ text: Bytes) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = text.startIndex
        while index != text.endIndex {
            let byte = text[index]
            index = text.index(after: index)
            if byte == UInt8(ascii: "%"), index != text.endIndex, text.index(after: index) != text.endIndex,
                let high = hexValue(text[index]), let low = hexValue(text[text.index(after: index)])
            {
                let decoded = high << 4 | low
                if decoded == 0 { break }
                bytes.append(decoded)
                index = text.index(index, offsetBy: 2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `value` as data lines (`D ` and the bytes, with `%`, CR and LF written
    /// `%25`, `%0D`, `%0A`), each within `AssuanLineReader.longestLine`
    /// bytes, as libassuan splits a long value; without their newlines.
    /// An empty value is no line at all, as pinentry sends it.
    public static func dataLines(_ value: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = Array("D ".utf8)
        for byte in value {
            let escaped: [UInt8] =
                switch byte {
                case UInt8(ascii: "%"), UInt8(ascii: "\r"), UInt8(ascii: "\n"): Array("%\(hexDigits(byte))".utf8)
                default: [byte]
                }
            if line.count + escaped.count > AssuanLineReader.longestLine {
                lines.append(line)
                line = Array("D ".utf8)
            }
            line += escaped
        }
        if line.count > 2 { lines.append(line) }
        return lines
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
