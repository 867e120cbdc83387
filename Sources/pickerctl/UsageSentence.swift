import ArgumentParser

/// ArgumentParser's usage error as one sentence that ends by pointing at
/// --help, and that suggests the command meant when the first word is none.
enum UsageSentence {
    static func of(_ message: String, given: [String], commands: [ParsableCommand.Type]) -> String {
        var sentence = message.trimmingTrailingWhitespace
        let names = commands.compactMap { $0.configuration.commandName }
        if let word = given.first, !word.hasPrefix("-"), !names.contains(word),
            let meant = closest(to: word, among: names)
        {
            sentence = "unknown command '\(word)'. Did you mean '\(meant)'?"
        }
        // "Did you mean '--timeout'?" already ends a sentence: no "?;".
        if sentence.hasSuffix("?") || sentence.hasSuffix(".") { return sentence + " See pickerctl --help." }
        return sentence + "; see pickerctl --help"
    }

    /// The command `word` most likely misspells: the only one it begins, else
    /// the nearest within two edits; nil when none is near.
    static func closest(to word: String, among names: [String]) -> String? {
        let extended = names.filter { $0.hasPrefix(word) }
        if extended.count == 1 { return extended[0] }
        let scored = names.map { ($0, editDistance(word, $0)) }.filter { $0.1 <= 2 }
        return scored.min { $0.1 < $1.1 }?.0
    }

    /// Levenshtein distance between two words.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: String {
        var text = self
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
