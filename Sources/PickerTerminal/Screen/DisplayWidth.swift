import CPickerTerminal

/// How many terminal columns text takes: CJK and other wide characters two,
/// combining marks none (from the C library's `wcwidth` in a UTF-8 locale).
enum DisplayWidth {
    static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            let scalarWidth = Int(picker_display_width(scalar.value))
            width += scalarWidth < 0 ? 1 : scalarWidth
        }
        return max(width, character.unicodeScalars.count == 1 ? width : min(width, 2))
    }

    static func of(_ text: String) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest prefix that fits in `columns` columns.
    static func clip(_ text: String, to columns: Int) -> String {
        var used = 0
        var result = ""
        for character in text {
            let width = of(character)
            if used + width > columns { break }
            used += width
            result.append(character)
        }
        return result
    }

    /// Text that fits in `columns`, ending in "…" when it had to be cut.
    static func shortened(_ text: String, to columns: Int) -> String {
        guard of(text) > columns else { return text }
        return clip(text, to: max(0, columns - 1)) + "…"
    }

    /// Text padded with spaces to exactly `columns` columns (clipped if longer).
    static func pad(_ text: String, to columns: Int) -> String {
        let clipped = clip(text, to: columns)
        return clipped + String(repeating: " ", count: max(0, columns - of(clipped)))
    }
}
