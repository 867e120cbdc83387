import PickerJSON
import PickerProtocol

/// What a text must be to be accepted (its pattern and length), told before
/// the daemon has to reject anything: `format: [A-Z]+-[0-9]+ · 4–20 characters`,
/// and how many characters there are once the text nears its maximum.
struct TextRules {
    /// The daemon's maximum when none is asked for: too large to be worth saying.
    static let defaultMaxLength = 4096
    /// How near the maximum the count starts to show.
    static let countMargin = 10

    let pattern: String?
    /// What the pattern asks for in words, said in its place ("an email address").
    let patternDescription: String?
    let minLength: Int
    let maxLength: Int?

    init(options: JSON) {
        pattern = options[TextOption.pattern]?.stringValue
        patternDescription = options[TextOption.patternDescription]?.stringValue
        minLength = Int(options[TextOption.minLength]?.integerValue ?? 0)
        let maxLength = options[TextOption.maxLength]?.integerValue.map { Int($0) }
        self.maxLength = maxLength.flatMap { $0 < Self.defaultMaxLength ? $0 : nil }
    }

    /// The rules as one dim line, with the count; nil when there are none.
    func line(count: Int) -> Line? {
        let format = patternDescription.map(VisibleText.of) ?? pattern.map { "format: " + VisibleText.of($0) }
        var parts = [format, lengthRule].compactMap { $0 }.map {
            Line($0, .dim)
        }
        if let maxLength, count >= maxLength - Self.countMargin {
            parts.append(Line("\(count)/\(maxLength)", count > maxLength ? .warning : .dim))
        }
        guard let first = parts.first else { return nil }
        return parts.dropFirst().reduce(Line("  ") + first) { $0 + Line(" · ", .dim) + $1 }
    }

    /// `4–20 characters`, `at least 4 characters`, `at most 20 characters`.
    private var lengthRule: String? {
        switch (minLength > 0 ? minLength : nil, maxLength) {
        case (let least?, let most?):
            return least == most ? Self.characters(least) : "\(least)–\(Self.characters(most))"
        case (let least?, nil): return "at least " + Self.characters(least)
        case (nil, let most?): return "at most " + Self.characters(most)
        case (nil, nil): return nil
        }
    }

    private static func characters(_ count: Int) -> String {
        count == 1 ? "1 character" : "\(count) characters"
    }
}
