import PickerJSON
import Testing

@testable import PickerPlugins

/// Text patterns run on a linear-time matcher: the same answers as a
/// backtracking engine, without its exponential cases.
@Suite struct LinearPatternTests {
    let harness = PluginHarness()

    static let patterns = [
        "[A-Z]{3}-[0-9]+", "a*b?", "(ab|a)*b", "(?:a|b){2,4}", "a{3}", "a{2,}", "a{0,2}c?", "[^ab]+",
        "\\d+(\\.\\d{1,2})?",
        "\\w+ \\w+", "(a|b)*a(a|b)", "x?y*z+", "[a-c-]+", "\\s*\\S+", "^ab$", "a.b", "(a+)+", "((a)|b)+?", "[\\d-]+",
        "\\p{Lu}\\p{Ll}*", "[zyxa-c]+", "[a-cb-db]+", "[^a-cx\\d]+", "[\\d\\w\\d.]+", "[c-ea-bz]+\\.?", "[-a]+",
        "[ba-a]+",
    ]
    static let texts = [
        "", "a", "b", "ab", "aab", "abab", "aaaa", "ABC-12", "ABC-", "12.5", "12.555", "hello world", "aba", "bbb", "c",
        "xyzz", "a-c-b", "  x", "a\nb", "Ada", "ada", "1-2-3", "aac", "ba", "dz.", "é_1", "yy-", "e", "-",
    ]

    @Test func agreesWithSwiftRegexOnWholeMatches() throws {
        for pattern in Self.patterns {
            let linear = try LinearPattern(pattern)
            let regex = try Regex(pattern)
            for text in Self.texts {
                let expected = (try? regex.wholeMatch(in: text)) != nil
                #expect(linear.matchesWhole(text) == expected, "\(pattern) on \(text.debugDescription)")
            }
        }
    }

    @Test func catastrophicPatternsFinishAtOnce() throws {
        // A backtracking engine needs about 2^4000 steps for these; here each is
        // at most (steps per character) × 4,001 characters.
        let value = JSON.string(String(repeating: "a", count: 4000) + "!")
        for pattern in ["(a+)+$", "(a|aa)*$", "(a*)*b", "(.*a){20}", "^(a|a?)+$", "((a+)+)+c"] {
            let error = harness.valueError("text", ["pattern": .string(pattern)], value)
            #expect(error?.message == "the text does not match the required pattern \(pattern)")
        }
        #expect(try harness.normalize("text", ["pattern": "(a+)+!"], value) == value)
    }

    @Test func whatNeedsBacktrackingOrTooMuchWorkIsRefusedAtPresent() {
        #expect(
            harness.optionsError("text", ["pattern": "(a)\\1"])?.hasSuffix(
                "backreferences need backtracking and are not supported") == true)
        #expect(
            harness.optionsError("text", ["pattern": "a(?=b)"])?.hasSuffix(
                "lookaround and other (?…) groups need backtracking and are not supported") == true)
        #expect(
            harness.optionsError("text", ["pattern": "((a{1,100}){1,100}){1,100}"])?.contains("too complex") == true)
        #expect(
            harness.optionsError("text", ["pattern": "a{1,1000}", "max_length": 100_000])
                == "this pattern takes 2000 steps per character, so option 'max_length' may be at most 10000; lower it or simplify the pattern"
        )
        #expect(
            harness.optionsError("text", ["pattern": "a{3,1}"])?.hasSuffix("{3,1} has its bounds the wrong way round")
                == true)
        #expect(harness.optionsError("text", ["pattern": "*a"])?.hasSuffix("'*' has nothing to repeat") == true)
    }
}
