/// A command line given as one string (`$PICKERD_SSH`), split into words as
/// a shell would split a plain one: blanks separate words, single quotes
/// keep everything, double quotes keep all but `\"` and `\\`, a backslash
/// keeps the next character. No expansion of any kind.
public enum CommandWords {
    /// The words, or nil for an unclosed quote.
    public static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var word = ""
        var inWord = false
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case " ", "\t", "\n":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                inWord = true
                while true {
                    guard let next = characters.next() else { return nil }
                    if next == "'" { break }
                    word.append(next)
                }
            case "\"":
                inWord = true
                while true {
                    guard var next = characters.next() else { return nil }
                    if next == "\"" { break }
                    if next == "\\" {
                        guard let escaped = characters.next() else { return nil }
                        if escaped != "\"" && escaped != "\\" { word.append("\\") }
                        next = escaped
                    }
                    word.append(next)
                }
            case "\\":
                inWord = true
                if let next = characters.next() { word.append(next) }
            default:
                inWord = true
                word.append(character)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
