/// Text from the daemon as it may reach a person's terminal: every character a
/// terminal would act on instead of show is written out visibly.
///
/// Titles, messages, choices and values come from whoever may `present` or
/// `submit`; sent raw, an ESC could start OSC 52 (write the clipboard), CSI 2J
/// (clear the screen) or a fake header. Escaped are C0 controls and DEL, C1
/// controls (U+0080–U+009F, which some terminals obey as 8-bit ESC sequences),
/// the line and paragraph separators, and the bidirectional overrides, embeddings,
/// isolates and marks that make text read differently from what it is.
public enum VisibleText {
    /// `text` with each such character written Swift-style: `\n`, `\r`, `\t`,
    /// and `\u{1B}` (hex code point) for the rest. A backslash typed as such is
    /// left alone: the point is that nothing reaches the terminal raw.
    public static func of(_ text: String) -> String {
        replacingActedOn(in: text) { scalar in
            switch scalar {
            case "\n": return "\\n"
            case "\r": return "\\r"
            case "\t": return "\\t"
            default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }
    }

    /// Serialized JSON with each such character inside its strings written as a
    /// `\uXXXX` escape: the same JSON value, and safe on a terminal. (Outside
    /// strings JSON text is ASCII, so only string contents change.)
    public static func json(_ serialized: String) -> String {
        replacingActedOn(in: serialized) { scalar in
            let hex = String(scalar.value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
    }

    private static func replacingActedOn(in text: String, with escape: (Unicode.Scalar) -> String) -> String {
        guard text.unicodeScalars.contains(where: isActedOn) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isActedOn(scalar) {
                result.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether a terminal acts on `scalar` (or reorders text around it) rather
    /// than showing it.
    public static func isActedOn(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true  // C0, DEL, C1
        case 0x2028, 0x2029: return true  // line and paragraph separators
        case 0x061C, 0x200E, 0x200F: return true  // Arabic letter mark, LRM, RLM
        case 0x202A...0x202E, 0x2066...0x2069: return true  // bidi embeddings, overrides, isolates
        default: return false
        }
    }
}
