import PickerJSON
import Testing

/// The text a number was written with, kept by json-c for a chosen member
/// of the top-level object or of each object of a top-level array (where a
/// JSON-RPC id's exact spelling comes from).
@Suite struct JSONNumberTextTests {
    func texts(_ member: String, _ text: String) throws -> [Int: String] {
        try Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in
                try JSONParser().parse(bytes, keepingNumberTextsOf: member).numberTexts
            }
        }.get()
    }

    @Test func aTopLevelObjectsMemberKeepsItsText() throws {
        #expect(try texts("id", #"{"a":1,"id":1e2}"#) == [0: "1e2"])
        #expect(try texts("id", #"{"id":12345678901234567890123}"#) == [0: "12345678901234567890123"])
        #expect(try texts("id", #"{"id":-12345678901234567890123 }"#) == [0: "-12345678901234567890123"])
        #expect(try texts("id", #"{"id":-0}"#) == [0: "-0"])
        #expect(try texts("id", #"{"\u0069d":-0.0}"#) == [0: "-0.0"])
        #expect(try texts("id", #"{"id":1e2,"id":2.50}"#) == [0: "2.50"], "the last of duplicate keys, as the value")
        #expect(try texts("id", #"{"params":{"id":7e0},"id":"1e2"}"#) == [:], "not a nested member, not a string")
        #expect(try texts("id", #"{"id":42}"#) == [:], "an integer json-c read serializes as written")
    }

    @Test func eachArrayElementKeepsItsOwn() throws {
        let line = #" [ {"id":1e2} ,{"a":"],}\"["} , [[]], {"id":-0} ,{"id":1.50, "x":[1e0]} ] "#
        #expect(try texts("id", line) == [0: "1e2", 3: "-0", 4: "1.50"])
    }

    @Test func negativeZeroStaysTheInteger0() throws {
        #expect(try JSONParser().parse(#"[-0,-0.0,0]"#) == .array([.integer(0), .double(-0.0), .integer(0)]))
        // Alone in its line; beside a `-0` its text would lose the `e0` (JSONCTree.exponentsAdded).
        #expect(try JSONParser().parse(#"[-0e0]"#) == .array([.double(-0.0)]))
    }
}
