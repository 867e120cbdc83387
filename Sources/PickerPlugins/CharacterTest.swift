/// What one pattern position accepts.
enum CharacterTest: Sendable, Equatable {
    enum Category: String, Sendable {
        // swift-format-ignore: AlwaysUseLowerCamelCase
        // Unicode's names for the general categories, as `\p{Lu}` spells them.
        case L, Lu, Ll, N, Nd, P, S, Z
    }

    case any
    case literal(Character)
    case range(Character, Character)
    case digit(Bool)
    case word(Bool)
    case space(Bool)
    case category(Category, Bool)
    indirect case set(CharacterClass)

    func accepts(_ character: Character) -> Bool {
        switch self {
        case .any: return !character.isNewline
        case .literal(let literal): return character == literal
        case .range(let low, let high): return low <= character && character <= high
        case .digit(let wanted): return Self.isDecimalDigit(character) == wanted
        case .word(let wanted): return (character.isLetter || character.isNumber || character == "_") == wanted
        case .space(let wanted): return character.isWhitespace == wanted
        case .category(let category, let wanted): return Self.belongs(character, to: category) == wanted
        case .set(let members): return members.accepts(character)
        }
    }

    private static func isDecimalDigit(_ character: Character) -> Bool {
        character.unicodeScalars.first?.properties.numericType == .decimal
    }

    private static func belongs(_ character: Character, to category: Category) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        let general = scalar.properties.generalCategory
        switch category {
        case .L: return character.isLetter
        case .Lu: return general == .uppercaseLetter
        case .Ll: return general == .lowercaseLetter
        case .N: return character.isNumber
        case .Nd: return general == .decimalNumber
        case .P: return character.isPunctuation
        case .S: return character.isSymbol
        case .Z: return [.spaceSeparator, .lineSeparator, .paragraphSeparator].contains(general)
        }
    }
}
