/// The `pattern` of a text picker: a regular expression matched against the
/// whole value in time linear in the value's length (a Thompson NFA run over
/// a set of states, as RE2 and Go do), so no pattern can stall the daemon the
/// way a backtracking engine does on `(a+)+$`.
///
/// Syntax: literals, `.`, classes `[a-z]` `[^…]`, escapes `\d \w \s \D \W \S`
/// and `\p{L}`-style general categories (L, Lu, Ll, N, Nd, P, S, Z), groups
/// `( )` and `(?: )`, alternation `|`, and quantifiers `* + ? {m} {m,} {m,n}`
/// (lazy forms accepted; for a whole-value match they mean the same). `^` and
/// `$` are allowed at the ends. Backreferences and lookaround need
/// backtracking and are refused. Characters are what a person sees (Swift
/// `Character`s), as for the length options.
struct LinearPattern: Sendable {
    /// Counted repetition copies its operand; past this many instructions a
    /// pattern is refused, which bounds the work per character.
    static let largestProgram = 5_000
    /// Steps per character times characters: what one match may cost at most
    /// (about 50 ms here), checked against `max_length` when a window is presented.
    static let largestWork = 20_000_000

    private enum Instruction: Sendable {
        case character(CharacterTest)
        case split(Int, Int)
        case jump(Int)
        case match
    }

    private let program: [Instruction]

    /// Work per character of a value is at most this many steps.
    var size: Int { program.count }

    struct SyntaxError: Error, CustomStringConvertible {
        var description: String
    }

    init(_ pattern: String) throws(SyntaxError) {
        var parser = Parser(characters: Array(pattern))
        let tree = try parser.parseWhole()
        var compiler = Compiler()
        try compiler.emit(tree)
        compiler.program.append(.match)
        program = compiler.program
    }

    func matchesWhole(_ text: String) -> Bool {
        var current = StateSet(count: program.count)
        var next = StateSet(count: program.count)
        addState(0, to: &current)
        for character in text {
            next.clear()
            for state in current.members {
                if case .character(let test) = program[state], test.accepts(character) {
                    addState(state + 1, to: &next)
                }
            }
            swap(&current, &next)
            if current.members.isEmpty { return false }
        }
        return current.members.contains { if case .match = program[$0] { true } else { false } }
    }

    /// Follows jumps and splits, so the set holds only character tests and matches.
    private func addState(_ start: Int, to set: inout StateSet) {
        var pending = [start]
        while let state = pending.popLast() {
            guard set.insert(state) else { continue }
            switch program[state] {
            case .jump(let target): pending.append(target)
            case .split(let first, let second): pending.append(contentsOf: [second, first])
            case .character, .match: break
            }
        }
    }

    private struct StateSet {
        private var seen: [Bool]
        private(set) var members: [Int] = []

        init(count: Int) { seen = [Bool](repeating: false, count: count) }

        mutating func insert(_ state: Int) -> Bool {
            guard !seen[state] else { return false }
            seen[state] = true
            members.append(state)
            return true
        }

        mutating func clear() {
            for state in members { seen[state] = false }
            members.removeAll(keepingCapacity: true)
        }
    }

    // MARK: syntax tree

    private indirect enum Node {
        case empty
        case test(CharacterTest)
        case sequence([Node])
        case alternation([Node])
        case repeated(Node, min: Int, max: Int?)
    }

    private struct Parser {
        let characters: [Character]
        var position = 0

        mutating func parseWhole() throws(SyntaxError) -> Node {
            if peek == "^" { position += 1 }
            let node = try parseAlternation()
            if peek == "$" { position += 1 }
            guard position == characters.count else {
                throw SyntaxError(
                    description: characters[position] == ")"
                        ? "unbalanced ')'" : "'\(characters[position])' is not allowed here")
            }
            return node
        }

        var peek: Character? { position < characters.count ? characters[position] : nil }

        mutating func parseAlternation() throws(SyntaxError) -> Node {
            var branches = [try parseSequence()]
            while peek == "|" {
                position += 1
                branches.append(try parseSequence())
            }
            return branches.count == 1 ? branches[0] : .alternation(branches)
        }

        mutating func parseSequence() throws(SyntaxError) -> Node {
            var items: [Node] = []
            while let character = peek, character != "|", character != ")" {
                if character == "$", position == characters.count - 1 { break }
                var atom = try parseAtom()
                atom = try parseQuantifiers(on: atom)
                items.append(atom)
            }
            return items.count == 1 ? items[0] : (items.isEmpty ? .empty : .sequence(items))
        }

        mutating func parseQuantifiers(on atom: Node) throws(SyntaxError) -> Node {
            var node = atom
            while let character = peek {
                let bounds: (Int, Int?)
                switch character {
                case "*": bounds = (0, nil)
                case "+": bounds = (1, nil)
                case "?": bounds = (0, 1)
                case "{":
                    guard let counted = try parseCount() else { return node }
                    bounds = counted
                    position -= 1
                default: return node
                }
                position += 1
                if peek == "?" || peek == "+" { position += 1 }  // lazy or possessive: same for a whole match
                node = .repeated(node, min: bounds.0, max: bounds.1)
            }
            return node
        }

        /// `{m}`, `{m,}` or `{m,n}`; nil (and nothing consumed) if `{` starts none.
        mutating func parseCount() throws(SyntaxError) -> (Int, Int?)? {
            let start = position
            position += 1
            func number(_ parser: inout Parser) -> Int? {
                var digits = ""
                while let character = parser.peek, character.isASCII, character.isNumber, digits.count < 6 {
                    digits.append(character)
                    parser.position += 1
                }
                return Int(digits)
            }
            guard let low = number(&self) else {
                position = start
                return nil
            }
            var high: Int? = low
            if peek == "," {
                position += 1
                high = number(&self)
            }
            guard peek == "}" else {
                position = start
                return nil
            }
            position += 1
            if let high, high < low {
                throw SyntaxError(description: "{\(low),\(high)} has its bounds the wrong way round")
            }
            return (low, high)
        }

        mutating func parseAtom() throws(SyntaxError) -> Node {
            let character = characters[position]
            position += 1
            switch character {
            case "(":
                if peek == "?" {
                    guard position + 1 < characters.count, characters[position + 1] == ":" else {
                        throw SyntaxError(
                            description: "lookaround and other (?…) groups need backtracking and are not supported")
                    }
                    position += 2
                }
                let inner = try parseAlternation()
                guard peek == ")" else { throw SyntaxError(description: "a '(' is never closed") }
                position += 1
                return inner
            case ".": return .test(.any)
            case "[": return .test(try parseClass())
            case "\\": return .test(try parseEscape(inClass: false))
            case "*", "+", "?": throw SyntaxError(description: "'\(character)' has nothing to repeat")
            case "^", "$": throw SyntaxError(description: "'\(character)' is only allowed at the pattern's ends")
            default: return .test(.literal(character))
            }
        }

        mutating func parseEscape(inClass: Bool) throws(SyntaxError) -> CharacterTest {
            guard let character = peek else { throw SyntaxError(description: "the pattern ends with a lone '\\'") }
            position += 1
            switch character {
            case "d": return .digit(true)
            case "D": return .digit(false)
            case "w": return .word(true)
            case "W": return .word(false)
            case "s": return .space(true)
            case "S": return .space(false)
            case "n": return .literal("\n")
            case "t": return .literal("\t")
            case "r": return .literal("\r")
            case "p", "P":
                guard peek == "{", let close = characters[position...].firstIndex(of: "}") else {
                    throw SyntaxError(description: "\\\(character) needs a category in braces, like \\p{L}")
                }
                let name = String(characters[(position + 1)..<close])
                position = close + 1
                guard let category = CharacterTest.Category(rawValue: name) else {
                    throw SyntaxError(
                        description: "unknown category \\p{\(name)}; known are L, Lu, Ll, N, Nd, P, S and Z")
                }
                return .category(category, character == "p")
            case "1"..."9":
                throw SyntaxError(description: "backreferences need backtracking and are not supported")
            case "b", "B", "A", "z", "Z", "G":
                throw SyntaxError(description: "\\\(character) is not supported")
            default:
                guard !character.isLetter && !character.isNumber else {
                    throw SyntaxError(description: "unknown escape \\\(character)")
                }
                return .literal(character)
            }
        }

        mutating func parseClass() throws(SyntaxError) -> CharacterTest {
            var negated = false
            if peek == "^" {
                negated = true
                position += 1
            }
            var members: [CharacterTest] = []
            var first = true
            while let character = peek, character != "]" || first {
                first = false
                position += 1
                var low: CharacterTest
                var lowCharacter: Character? = character
                if character == "\\" {
                    low = try parseEscape(inClass: true)
                    if case .literal(let literal) = low { lowCharacter = literal } else { lowCharacter = nil }
                } else {
                    low = .literal(character)
                }
                if let lowCharacter, peek == "-", position + 1 < characters.count, characters[position + 1] != "]" {
                    position += 1
                    var high = characters[position]
                    position += 1
                    if high == "\\" {
                        guard case .literal(let escaped) = try parseEscape(inClass: true) else {
                            throw SyntaxError(description: "a range cannot end in a class like \\d")
                        }
                        high = escaped
                    }
                    guard lowCharacter <= high else {
                        throw SyntaxError(description: "the range \(lowCharacter)-\(high) is backwards")
                    }
                    low = .range(lowCharacter, high)
                }
                members.append(low)
            }
            guard peek == "]" else { throw SyntaxError(description: "a '[' is never closed") }
            position += 1
            return .set(CharacterClass(members, negated: negated))
        }
    }

    private struct Compiler {
        var program: [Instruction] = []

        mutating func emit(_ node: Node) throws(SyntaxError) {
            guard program.count <= LinearPattern.largestProgram else {
                throw SyntaxError(
                    description:
                        "the pattern is too complex (its counted repetitions expand past \(LinearPattern.largestProgram) steps); use smaller counts"
                )
            }
            switch node {
            case .empty:
                break
            case .test(let test):
                program.append(.character(test))
            case .sequence(let items):
                for item in items { try emit(item) }
            case .alternation(let branches):
                var jumpsToEnd: [Int] = []
                for (index, branch) in branches.enumerated() {
                    if index < branches.count - 1 {
                        let split = program.count
                        program.append(.split(split + 1, -1))
                        try emit(branch)
                        jumpsToEnd.append(program.count)
                        program.append(.jump(-1))
                        program[split] = .split(split + 1, program.count)
                    } else {
                        try emit(branch)
                    }
                }
                for jump in jumpsToEnd { program[jump] = .jump(program.count) }
            case .repeated(let inner, let min, let max):
                for _ in 0..<min { try emit(inner) }
                if let max {
                    // Each optional copy may be skipped to the end.
                    var splits: [Int] = []
                    for _ in min..<max {
                        splits.append(program.count)
                        program.append(.split(program.count + 1, -1))
                        try emit(inner)
                    }
                    for split in splits { program[split] = .split(split + 1, program.count) }
                } else {
                    let loop = program.count
                    program.append(.split(loop + 1, -1))
                    try emit(inner)
                    program.append(.jump(loop))
                    program[loop] = .split(loop + 1, program.count)
                }
            }
        }
    }
}
