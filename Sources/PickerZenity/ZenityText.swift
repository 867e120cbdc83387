/// What zenity's `--text` shows, as plain text: never interpreted by pickerd
/// or any front-end. zenity first expands C escapes (`g_strcompress`: `\n`,
/// `\t`, `\\`, octal), then reads Pango markup in most dialogs; here the
/// markup's tags are dropped and its entities decoded, so `<b>Disk</b> &amp;
/// more` reads `Disk & more`. An entry's label is a mnemonic instead: `_`
/// marks the access key and `__` is an underscore.
enum ZenityText {
    static func plain(_ text: String, markup: Bool) -> String {
        let expanded = compress(text)
        return markup ? withoutMarkup(expanded) : expanded
    }

    static func mnemonic(_ text: String) -> String {
        var result = ""
        var pending = false
        for character in compress(text) {
            if character == "_" && !pending {
                pending = true
                continue
            }
            pending = false
            result.append(character)
        }
        return result
    }

    /// GLib's g_strcompress.
    static func compress(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\", let next = scalars.popFirst() else {
                result.append(scalar)
                continue
            }
            switch next {
            case "b": result.append("\u{08}")
            case "f": result.append("\u{0C}")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "t": result.append("\t")
            case "v": result.append("\u{0B}")
            case "0"..."7":
                var value = next.value - 48
                var count = 1
                while count < 3, let digit = scalars.first, ("0"..."7").contains(digit) {
                    value = value * 8 + digit.value - 48
                    scalars = scalars.dropFirst()
                    count += 1
                }
                if let decoded = Unicode.Scalar(value & 0xFF) { result.append(decoded) }
            default: result.append(next)
            }
        }
        return String(result)
    }

    /// Tags dropped, the five entities and character references decoded.
    static func withoutMarkup(_ text: String) -> String {
        var result = ""
        var rest = Substring(text)
        while let character = rest.first {
            if character == "<", let close = rest.firstIndex(of: ">") {
                rest = rest[rest.index(after: close)...]
                continue
            }
            if character == "&", let semicolon = rest.prefix(12).firstIndex(of: ";"),
                let decoded = entity(String(rest[rest.index(after: rest.startIndex)..<semicolon]))
            {
                result.append(decoded)
                rest = rest[rest.index(after: semicolon)...]
                continue
            }
            result.append(character)
            rest = rest.dropFirst()
        }
        return result
    }

    private static func entity(_ name: String) -> Character? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            guard name.hasPrefix("#") else { return nil }
            let number = name.dropFirst()
            let value = number.hasPrefix("x") ? UInt32(number.dropFirst(), radix: 16) : UInt32(number)
            return value.flatMap(Unicode.Scalar.init).map(Character.init)
        }
    }
}
