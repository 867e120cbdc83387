import Glibc
import PickerJSON
import Testing

@Suite struct JSONParserTests {
    let parser = JSONParser()

    func error(_ text: String, maxDepth: Int = 64) -> JSONParseError? {
        do {
            _ = try JSONParser(maxDepth: maxDepth).parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesEveryKindOfValue() throws {
        let value = try parser.parse(#"{"n":null,"t":true,"f":false,"i":-12,"d":1.5,"s":"a\nb","a":[1,"x"],"o":{}}"#)
        #expect(
            value
                == [
                    "n": .null, "t": true, "f": false, "i": -12, "d": 1.5, "s": "a\nb", "a": [1, "x"],
                    "o": .object([:]),
                ])
    }

    @Test func keepsObjectKeyOrder() throws {
        let value = try parser.parse(#"{"zeta":1,"alpha":2,"mid":3}"#)
        #expect(value.objectValue?.keys == ["zeta", "alpha", "mid"])
        #expect(value.serialized() == #"{"zeta":1,"alpha":2,"mid":3}"#)
    }

    @Test func duplicateKeysKeepTheLastValueAtTheFirstPosition() throws {
        let value = try parser.parse(#"{"a":1,"b":2,"a":3}"#)
        #expect(value.objectValue?.keys == ["a", "b"])
        #expect(value["a"] == 3)
    }

    @Test func integersStayExactWhileTheyFitInInt64() throws {
        #expect(try parser.parse("9223372036854775807") == .integer(.max))
        #expect(try parser.parse("-9223372036854775808") == .integer(.min))
        #expect(try parser.parse("[9007199254740993]") == [.integer(9_007_199_254_740_993)])
        #expect(try parser.parse("0") == .integer(0))
        #expect(try parser.parse("-0") == .integer(0))
    }

    @Test func integersPastInt64BecomeDoublesInsteadOfSaturating() throws {
        #expect(try parser.parse("9223372036854775808") == .double(9_223_372_036_854_775_808))
        #expect(try parser.parse("-9223372036854775809") == .double(-9_223_372_036_854_775_808.0))
        #expect(try parser.parse("18446744073709551616") == .double(18_446_744_073_709_551_616))
        #expect(try parser.parse(#"{"a":[100000000000000000000000000000]}"#) == ["a": [.double(1e29)]])
        #expect(try parser.parse("[1, 123456789012345678901234567890, 2]") == [1, .double(1.2345678901234568e29), 2])
    }

    @Test func numbersBeyondDoubleRangeAreRejected() {
        #expect(error("1e400")?.description == "number too large for a 64-bit float at byte 0")
        #expect(error("[-1.5E+999]")?.offset == 1)
        #expect(error("[1\(String(repeating: "0", count: 400))]")?.reason == "number too large for a 64-bit float")
        #expect(error("1e-400") == nil)
        #expect(error("1.7976931348623157e308") == nil)
    }

    @Test func depthLimitIsConfigurable() {
        let nested = { (depth: Int) in String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        #expect(error(nested(64)) == nil)
        // json-c's count: no value inside more than maxDepth containers, an empty one included.
        #expect(error(nested(65)) == nil)
        #expect(error(nested(66))?.reason == "nesting deeper than 64 levels")
        #expect(error(nested(3), maxDepth: 3) == nil)
        #expect(error(#"{"a":{"b":[1]}}"#, maxDepth: 3) == nil)
        #expect(error(#"{"a":{"b":[[1]]}}"#, maxDepth: 3)?.description == "nesting deeper than 3 levels at byte 12")
    }

    @Test func errorsSayWhatAndWhere() {
        #expect(error(#"{"a":1} x"#)?.description == "unexpected character 'x' at byte 8")
        #expect(error(#"{"a":1}}"#)?.description == "unexpected character '}' at byte 7")
        #expect(error("[1] [2]")?.description == "unexpected character '[' at byte 4")
        #expect(error(#"{"a":1,}"#)?.description == "unexpected character '}' at byte 7")
        #expect(error("[1,2")?.description == "unexpected end of input at byte 4")
        #expect(error("")?.description == "empty input at byte 0")
        #expect(error("   ")?.reason == "unexpected end of input")
        #expect(error(#"{'a':1}"#)?.description == "unexpected character ''' at byte 1")
        #expect(error("nope")?.description == "unexpected word 'nope' (JSON has only true, false and null) at byte 0")
        #expect(error("[tru]")?.reason == "unexpected word 'tru' (JSON has only true, false and null)")
        #expect(error("[tru")?.reason == "unexpected end of input")
        #expect(error("[NaN]")?.description == "unexpected word 'NaN' (JSON has only true, false and null) at byte 1")
        #expect(error("[-Infinity]")?.description == "expected a digit after '-' at byte 2")
        #expect(error("[01]")?.description == "leading zeros are not allowed in numbers at byte 1")
        #expect(error("[2.]")?.description == "expected a digit after the decimal point at byte 3")
        #expect(error("[1 /* c */]")?.reason == "unexpected character '/'")
        #expect(error(#"{"a" 1}"#)?.description == "expected ':' after an object key at byte 5")
    }

    @Test func rejectsNULBytesAnywhere() {
        #expect(error("[1]\u{0}")?.description == "NUL byte at byte 3")
        #expect(error("\"a\u{0}b\"")?.description == "NUL byte at byte 2")
        #expect(error("[1,\u{0}2]")?.description == "NUL byte at byte 3")
        #expect(error("123\u{0}0")?.description == "NUL byte at byte 3")
    }

    @Test func validatesUTF8Strictly() throws {
        let invalid: [[UInt8]] = [
            [0x22, 0xC0, 0xAF, 0x22],  // overlong "/"
            [0x22, 0xED, 0xA0, 0x80, 0x22],  // UTF-8 encoded surrogate
            [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],  // past U+10FFFF
            [0x22, 0xE6, 0x97, 0x22],  // truncated
            [0x22, 0x80, 0x22],  // lone continuation byte
        ]
        for bytes in invalid {
            #expect(throws: JSONParseError("invalid UTF-8", at: 1)) { try parser.parse(bytes) }
        }
        #expect(try parser.parse(Array(#""日本 🎉""#.utf8)) == "日本 🎉")
    }

    @Test func rejectsRawControlCharactersInStrings() {
        #expect(error("\"a\tb\"")?.description == "unescaped control character U+0009 in a string at byte 2")
        #expect(error("\"a\nb\"")?.reason == "unescaped control character U+000A in a string")
    }

    @Test func escapesDecode() throws {
        #expect(try parser.parse(#""\u00e9\n\/\"\\\ud834\udd1e""#) == "é\n/\"\\𝄞")
        #expect(try parser.parse(#""a\u0000b""#) == "a\u{0}b")
        #expect(try parser.parse(#"{"a\u0000b":1}"#).objectValue?.keys == ["a\u{0}b"])
        #expect(try parser.parse(#""\ud800\u0041""#) == "\u{FFFD}A", "a high surrogate without its low half")
        #expect(try parser.parse(#""\ud800""#) == "\u{FFFD}")
        #expect(error(#""\x""#)?.description == "invalid escape sequence in a string at byte 2")
    }

    @Test func readsAllowedWhitespaceAndLoneScalars() throws {
        #expect(try parser.parse(" \t[ 1 , 2 ]\r ") == [1, 2])
        #expect(try parser.parse("null") == .null)
        #expect(try parser.parse("true") == true)
        #expect(try parser.parse("12") == 12)
        #expect(try parser.parse("\"x\"") == "x")
    }

    @Test func aParserIsReusableAfterAnError() throws {
        #expect(throws: JSONParseError.self) { try parser.parse("[1,") }
        #expect(try parser.parse("[1]") == [1])
        #expect(throws: JSONParseError.self) { try parser.parse("{") }
        #expect(try parser.parse("2") == 2)
    }
}

/// What json-c's strict mode lets through, which the places the screen
/// marks refuse, and the same bytes inside strings, which stay as they are.
@Suite struct JSONCStrictnessTests {
    let parser = JSONParser()

    func error(_ text: String) -> String? {
        do {
            _ = try parser.parse(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func whatJSONCAcceptsIsRefused() {
        #expect(error("[-01]") == "leading zeros are not allowed in numbers at byte 1")
        #expect(error("00") == "leading zeros are not allowed in numbers at byte 0")
        #expect(error(#"{"a": 007}"#) == "leading zeros are not allowed in numbers at byte 6")
        #expect(error("[-.5]") == "expected a digit after '-' at byte 2")
        #expect(error("[1.e5]") == "expected a digit after the decimal point at byte 3")
        #expect(error("Infinity") == "unexpected word 'Infinity' (JSON has only true, false and null) at byte 0")
        #expect(error(#"{ 'a':1}"#) == "unexpected character ''' at byte 2")
        #expect(error("[1,\u{1}2]") == "unexpected byte 0x1 at byte 3")
        #expect(error("{\"a\":\"x\ty\"}") == "unescaped control character U+0009 in a string at byte 7")
        #expect(error("[\"\u{7F}\", \"\u{1F}\"]") == "unescaped control character U+001F in a string at byte 7")
        #expect(error("[\"a\", é]") == "unexpected byte 0xC3 at byte 6", "valid UTF-8 where no token begins")
    }

    @Test func theSameBytesInStringsAreKept() throws {
        let text =
            #"{"at":"09:30, 007, -01","why":"it's {'a':1}","n":"NaN Infinity -Infinity","id":"123456789012345678901234"}"#
        let value = try parser.parse(text)
        #expect(value["at"] == "09:30, 007, -01")
        #expect(value["why"] == "it's {'a':1}")
        #expect(value["n"] == "NaN Infinity -Infinity")
        #expect(value["id"] == "123456789012345678901234")
        #expect(try parser.parse("[\t1,\r\n2 ]") == [1, 2], "tabs and line breaks between tokens are whitespace")
    }

    @Test func escapedNULsAreKeptAndALiteralBackslashUIsNot() throws {
        let value = try parser.parse(#"{"a\u0000b":"x\u0000","a\u0000c":2,"lit":"\\u0000"}"#)
        #expect(
            value.objectValue?.keys == ["a\u{0}b", "a\u{0}c", "lit"], "keys json-c would cut at the NUL stay apart")
        #expect(value["a\u{0}b"] == "x\u{0}")
        #expect(value["lit"] == #"\u0000"#)
        #expect(error(#"[\u0000]"#) == "unexpected character '\\' at byte 1")
    }

    @Test func bigIntegersBecomeDoublesWhereverTheyAre() throws {
        #expect(
            try parser.parse(#"{"a":-123456789012345678901234,"b":[ 99999999999999999999 ]}"#)
                == ["a": .double(-1.2345678901234568e23), "b": [.double(1e20)]])
        #expect(try parser.parse("-9223372036854775808") == .integer(.min))
        #expect(try parser.parse("12345678901234567890.5") == .double(12_345_678_901_234_567_890.5))
    }

    @Test func theThreadsLocaleIsTheSameAfterAParse() throws {
        let before = uselocale(nil)
        _ = try parser.parse("[1.5]")
        #expect(uselocale(nil) == before)
    }
}

/// `JSONParser.maxElements`: an array or object past it is refused wherever
/// it is, and as soon as a piece of the line shows it, before the rest of the
/// line is read (issue 27: a 1 MB line of 58,000 actions held the daemon's
/// loop while json-c built and freed every one of them).
@Suite struct JSONElementLimitTests {
    static var parser: JSONParser { JSONParser(maxElements: 100) }

    static func error(_ text: String, document: Bool = false) -> JSONParseError? {
        do {
            var text = text
            try text.withUTF8 { bytes in
                if document {
                    _ = try Self.parser.document(UnsafeRawBufferPointer(bytes))
                } else {
                    _ = try Self.parser.parse(UnsafeRawBufferPointer(bytes))
                }
            }
            return nil
        } catch {
            return error as? JSONParseError
        }
    }

    static func array(_ count: Int, of element: String = "1") -> String {
        "[" + Array(repeating: element, count: count).joined(separator: ",") + "]"
    }

    @Test func containersUpToTheLimitAreRead() throws {
        #expect(try Self.parser.parse(Self.array(100)).arrayValue?.count == 100)
        let members = (0..<100).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(try Self.parser.parse("{\"a\":[{\(members)}]}")["a"]?.arrayValue?.first?.objectValue?.count == 100)
    }

    @Test func aContainerPastTheLimitIsRefusedWhereverItIs() {
        let reason = "an array or object holds more than 100 elements"
        for document in [false, true] {
            #expect(Self.error(Self.array(101), document: document)?.reason == reason)
            #expect(Self.error("{\"a\":{\"b\":\(Self.array(101))}}", document: document)?.reason == reason)
            let members = (0..<101).map { #""k\#($0)":[]"# }.joined(separator: ",")
            #expect(Self.error("[{\(members)}]", document: document)?.reason == reason)
        }
        // Without a limit, as before.
        #expect(throws: Never.self) { try JSONParser().parse(Self.array(100_000)) }
    }

    @Test func piecesNeverSplitACharacter() throws {
        // Characters of 2, 3 and 4 bytes across many 8 KiB seams, in a string and as keys.
        let text = String(repeating: "é€😀a", count: 5_000)
        let line = #"{"s":"\#(text)","\#(text)":[1,2]}"#
        let value = try Self.parser.parse(line)
        #expect(value["s"] == .string(text))
        #expect(value[text] == [1, 2])
        #expect(throws: Never.self) {
            var line = line
            try line.withUTF8 { _ = try Self.parser.document(UnsafeRawBufferPointer($0)) }
        }
    }

    @Test func aLongContainerIsRefusedBeforeTheRestOfTheLineIsRead() throws {
        // 20,000 elements past the limit, then a mistake at the line's end:
        // the count is found a piece past the limit, and the mistake never read.
        let line = "{\"params\":" + Self.array(20_100, of: #"{"label":"x"}"#) + ", oops}"
        let error = try #require(Self.error(line, document: true))
        #expect(error.reason == "an array or object holds more than 100 elements")
        #expect(error.offset < 100 * 14 + 2 * 8 * 1024)
        // Without a limit the same line is read to its mistake.
        let unlimited = #expect(throws: JSONParseError.self) { try JSONParser().parse(line) }
        #expect((unlimited?.offset ?? 0) > line.utf8.count - 10)
    }
}
