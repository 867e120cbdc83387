extension JSON {
    /// The compact JSON text of this value: no spaces, no newline (line breaks
    /// inside strings are escaped), `/` left as is, non-ASCII written as UTF-8.
    /// A non-finite double, which no parsed value holds, is written as `null`.
    public func serialized() -> String {
        var bytes: [UInt8] = []
        serialize(into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the compact JSON text of this value to `bytes`.
    public func serialize(into bytes: inout [UInt8]) {
        switch self {
        case .null:
            bytes.append(contentsOf: "null".utf8)
        case .bool(let value):
            bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .integer(let value):
            bytes.append(contentsOf: String(value).utf8)
        case .double(let value):
            if value.isFinite {
                // Swift prints the shortest text that reads back to the same double,
                // always in a form JSON accepts ("0.1", "1e-07", "100.0").
                bytes.append(contentsOf: value.description.utf8)
            } else {
                bytes.append(contentsOf: "null".utf8)
            }
        case .string(let value):
            Self.serialize(string: value, into: &bytes)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                element.serialize(into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                Self.serialize(string: member.key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                member.value.serialize(into: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func serialize(string: String, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        // Most strings need no escape: copied whole.
        let copied =
            string.utf8.withContiguousStorageIfAvailable { text in
                guard !text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") })
                else {
                    return false
                }
                bytes.append(contentsOf: text)
                return true
            } ?? false
        if !copied {
            for byte in string.utf8 { escape(byte, into: &bytes) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static func escape(_ byte: UInt8, into bytes: inout [UInt8]) {
        let escaped: UInt8
        switch byte {
        case UInt8(ascii: "\""): escaped = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): escaped = UInt8(ascii: "\\")
        case 0x0A: escaped = UInt8(ascii: "n")
        case 0x0D: escaped = UInt8(ascii: "r")
        case 0x09: escaped = UInt8(ascii: "t")
        case 0x08: escaped = UInt8(ascii: "b")
        case 0x0C: escaped = UInt8(ascii: "f")
        case 0x00..<0x20:
            bytes.append(contentsOf: "\\u00".utf8)
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0x0F)])
            return
        default:
            bytes.append(byte)
            return
        }
        bytes.append(UInt8(ascii: "\\"))
        bytes.append(escaped)
    }
}
