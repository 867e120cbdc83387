/// Text being edited and its cursor, with readline's moves and deletions.
/// "The line" is the one the cursor is on: the text between line breaks.
struct TextBuffer: Equatable {
    var characters: [Character]
    /// Where the next character goes: 0 ... characters.count.
    var cursor: Int

    init(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    var text: String { String(characters) }

    mutating func insert(_ character: Character) {
        characters.insert(character, at: cursor)
        cursor += 1
    }

    /// Backspace: the character before the cursor.
    mutating func deleteBackward() {
        guard cursor > 0 else { return }
        characters.remove(at: cursor - 1)
        cursor -= 1
    }

    /// Delete: the character under the cursor.
    mutating func deleteForward() {
        guard cursor < characters.count else { return }
        characters.remove(at: cursor)
    }

    mutating func moveLeft() { cursor = max(0, cursor - 1) }
    mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
    mutating func moveToLineStart() { cursor = lineStart(of: cursor) }
    mutating func moveToLineEnd() { cursor = lineEnd(of: cursor) }

    /// Ctrl-U: from the line's start to the cursor.
    mutating func deleteToLineStart() {
        deleteBefore(lineStart(of: cursor))
    }

    /// Ctrl-K: from the cursor to the line's end.
    mutating func deleteToLineEnd() {
        characters.removeSubrange(cursor..<lineEnd(of: cursor))
    }

    /// Ctrl-W, as readline's unix-word-rubout: the white space before the
    /// cursor, then the run of other characters before that.
    mutating func deleteWordBackward() {
        var start = cursor
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        deleteBefore(start)
    }

    /// Up (-1) or Down (+1) a line, keeping the display column as far as
    /// that line allows; nothing at the first or last line.
    mutating func moveLine(by delta: Int) {
        let start = lineStart(of: cursor)
        let column = DisplayWidth.of(String(characters[start..<cursor]))
        let target: Int
        if delta < 0 {
            guard start > 0 else { return }
            target = lineStart(of: start - 1)
        } else {
            let end = lineEnd(of: cursor)
            guard end < characters.count else { return }
            target = end + 1
        }
        cursor = index(atColumn: column, inLineFrom: target)
    }

    /// Where the line holding `index` starts.
    func lineStart(of index: Int) -> Int {
        characters[..<index].lastIndex(of: "\n").map { $0 + 1 } ?? 0
    }

    /// Where the line holding `index` ends: its line break, or the text's end.
    func lineEnd(of index: Int) -> Int {
        characters[index...].firstIndex(of: "\n") ?? characters.count
    }

    private mutating func deleteBefore(_ start: Int) {
        characters.removeSubrange(start..<cursor)
        cursor = start
    }

    /// The last place in the line from `start` whose column is at most `column`.
    private func index(atColumn column: Int, inLineFrom start: Int) -> Int {
        let end = lineEnd(of: start)
        var index = start
        var used = 0
        while index < end, used + DisplayWidth.of(characters[index]) <= column {
            used += DisplayWidth.of(characters[index])
            index += 1
        }
        return index
    }
}
