/// A key press, decoded from the terminal's bytes.
public enum Key: Equatable, Sendable {
    case up, down, left, right, tab, backTab, enter, escape, backspace, delete, home, end, pageUp, pageDown
    /// Ctrl-Up and Ctrl-Down: scroll a message longer than the screen.
    case controlUp, controlDown
    /// Ctrl-J: a line break in a multiline text.
    case newline
    case interrupt
    /// Ctrl and a letter (`a` for Ctrl-A), for those without a key of their
    /// own above: Ctrl-H is Backspace, Ctrl-I Tab, Ctrl-J newline, Ctrl-M Enter, Ctrl-C interrupt.
    case control(Character)
    case character(Character)
}

/// Decodes terminal input: ECMA-48 cursor keys (`ESC [ A`, `ESC O A`), Tab,
/// Shift-Tab (`ESC [ Z`), Home/End/Delete/PgUp/PgDn (`ESC [ n ~`), Enter,
/// Backspace, Ctrl and a letter, a lone Escape, and UTF-8 text.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Whether the bytes so far end in a lone ESC that may begin a sequence.
    var isWaitingAfterEscape: Bool { pending == [0x1B] }

    mutating func feed(_ bytes: [UInt8]) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        while let (key, used) = decodeOne() {
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// A lone ESC with nothing after it: the Escape key.
    mutating func flushEscape() -> Key? {
        guard isWaitingAfterEscape else { return nil }
        pending.removeAll()
        return .escape
    }

    private func decodeOne() -> (Key?, Int)? {
        guard let first = pending.first else { return nil }
        switch first {
        case 0x1B:
            guard pending.count >= 2 else { return nil }
            guard pending[1] == UInt8(ascii: "[") || pending[1] == UInt8(ascii: "O") else { return (.escape, 1) }
            guard let end = pending.dropFirst(2).firstIndex(where: { $0 >= 0x40 && $0 <= 0x7E }) else {
                return pending.count > 16 ? (nil, pending.count) : nil
            }
            let sequence = pending[2...end]
            let key: Key?
            switch (sequence.last!, Array(sequence.dropLast())) {
            case (UInt8(ascii: "A"), Array("1;5".utf8)): key = .controlUp
            case (UInt8(ascii: "B"), Array("1;5".utf8)): key = .controlDown
            case (UInt8(ascii: "A"), _): key = .up
            case (UInt8(ascii: "B"), _): key = .down
            case (UInt8(ascii: "C"), _): key = .right
            case (UInt8(ascii: "D"), _): key = .left
            case (UInt8(ascii: "Z"), _): key = .backTab
            case (UInt8(ascii: "H"), _): key = .home
            case (UInt8(ascii: "F"), _): key = .end
            case (UInt8(ascii: "~"), [UInt8(ascii: "1")]), (UInt8(ascii: "~"), [UInt8(ascii: "7")]): key = .home
            case (UInt8(ascii: "~"), [UInt8(ascii: "4")]), (UInt8(ascii: "~"), [UInt8(ascii: "8")]): key = .end
            case (UInt8(ascii: "~"), [UInt8(ascii: "3")]): key = .delete
            case (UInt8(ascii: "~"), [UInt8(ascii: "5")]): key = .pageUp
            case (UInt8(ascii: "~"), [UInt8(ascii: "6")]): key = .pageDown
            default: key = nil
            }
            return (key, end + 1)
        case 0x0D: return (.enter, 1)
        case 0x0A: return (.newline, 1)
        case 0x09: return (.tab, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x03: return (.interrupt, 1)
        case 0x01...0x1A: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case 0x00..<0x20: return (nil, 1)
        default:
            let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
            guard pending.count >= length else { return nil }
            let text = String(decoding: pending[0..<length], as: UTF8.self)
            return (text.first.map(Key.character), length)
        }
    }
}
