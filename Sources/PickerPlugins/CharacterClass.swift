/// A bracket class of a text pattern (`[a-z_.]`, `[^\d]`) made ready for
/// matching. Its characters and ranges become sorted ranges that do not
/// overlap, searched by halving, and its escapes (`\d`, `\p{L}`, …) are kept
/// once each: a class of a thousand characters costs a few comparisons per
/// character of the value, not a thousand, so LinearPattern's bound on the
/// steps per character also bounds the time.
struct CharacterClass: Sendable, Equatable {
    private let ranges: [ClosedRange<Character>]
    /// The members that are not characters or ranges, without repeats.
    private let others: [CharacterTest]
    let isNegated: Bool

    init(_ members: [CharacterTest], negated: Bool) {
        var ranges: [ClosedRange<Character>] = []
        var others: [CharacterTest] = []
        for member in members {
            switch member {
            case .literal(let character): ranges.append(character...character)
            case .range(let low, let high): ranges.append(low...high)
            default: if !others.contains(member) { others.append(member) }
            }
        }
        ranges.sort { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Character>] = []
        for range in ranges {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        self.ranges = merged
        self.others = others
        isNegated = negated
    }

    func accepts(_ character: Character) -> Bool {
        (inRanges(character) || others.contains { $0.accepts(character) }) != isNegated
    }

    private func inRanges(_ character: Character) -> Bool {
        // The last range that starts at or before the character.
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= character { low = middle + 1 } else { high = middle }
        }
        return low > 0 && character <= ranges[low - 1].upperBound
    }
}
