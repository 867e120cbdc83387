import PickerJSON

/// How an answer is matched to a `list` choice's value (option `values`): the
/// one table that `ChoiceValue` and each side that matches with it (the list
/// plugin, the terminal's list, MCP's form reading) and the page's mirror of
/// it are tested against. It pins what the four copies agreed on before they
/// were one definition.
public enum ChoiceMatchCases {
    public struct Case: Sendable, CustomStringConvertible {
        /// A choice's value, as the asker gave it.
        public let value: JSON
        /// An answer's item.
        public let answer: JSON
        public let matches: Bool
        public let why: String

        public var description: String { "\(answer.serialized()) vs value \(value.serialized()): \(why)" }
    }

    public static let all: [Case] = [
        Case(value: 3, answer: 3, matches: true, why: "the same integer"),
        Case(value: 3, answer: .double(3), matches: true, why: "3.0 is 3: numbers as numbers"),
        Case(value: .double(3), answer: 3, matches: true, why: "3 is 3.0"),
        Case(value: 2.5, answer: 2.5, matches: true, why: "the same fraction"),
        Case(value: 2.5, answer: 2.5000001, matches: false, why: "another number"),
        Case(value: 0, answer: .double(-0.0), matches: true, why: "-0 is 0"),
        // As every copy did: numbers are compared as doubles, so past 2^53 neighbours are one number
        // (a JSON reader in JavaScript cannot tell them apart either).
        Case(value: 9_007_199_254_740_993, answer: 9_007_199_254_740_992, matches: true, why: "doubles past 2^53"),
        Case(value: 3, answer: "3", matches: false, why: "a numeric string is not the number"),
        Case(value: "3", answer: 3, matches: false, why: "nor a number the string"),
        Case(value: "prod", answer: "prod", matches: true, why: "the same string"),
        Case(value: "prod", answer: "Prod", matches: false, why: "case matters"),
        Case(value: "prod", answer: " prod", matches: false, why: "no trimming"),
        Case(value: "caf\u{E9}", answer: "cafe\u{301}", matches: true, why: "canonically equivalent strings"),
        Case(value: true, answer: true, matches: true, why: "the same boolean"),
        Case(value: false, answer: false, matches: true, why: "the same boolean"),
        Case(value: true, answer: false, matches: false, why: "the other boolean"),
        Case(value: true, answer: 1, matches: false, why: "1 is not true"),
        Case(value: false, answer: 0, matches: false, why: "0 is not false"),
        Case(value: true, answer: "true", matches: false, why: "\"true\" is not true"),
        Case(value: "", answer: .null, matches: false, why: "null is no value"),
    ]
}
