import PickerJSON
import Testing

/// A line read into a `JSONDocument` is refused exactly where `parse` refuses
/// it, and its values, converted as they are read, are `parse`'s.
@Suite struct JSONDocumentTests {
    func document(_ text: String) throws(JSONParseError) -> JSONDocument {
        try Array(text.utf8).withUnsafeBytes { bytes in
            Result { () throws(JSONParseError) in try JSONParser().document(bytes) }
        }.get()
    }

    func refusal(_ text: String) -> String? {
        do {
            _ = try document(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// json-c reads these numbers; the checks after it refuse them before any value is read.
    @Test func refusesWhatParseRefusesWithTheSameSentence() throws {
        for line in [
            #"{"params":{"a":[2.]}}"#, #"{"x":-.5}"#, #"[1,{"y":1e400}]"#, #"{"a":01}"#, "[1,]", #"{"a":"\u{01}"}"#,
            #"{"a":1} x"#, "", "[" + String(repeating: "[", count: 70) + String(repeating: "]", count: 71),
        ] {
            let parsed: String?
            do {
                _ = try JSON.parse(line)
                parsed = nil
            } catch {
                parsed = "\(error)"
            }
            #expect(parsed != nil, "\(line)")
            #expect(refusal(line) == parsed, "\(line)")
        }
    }

    @Test func valuesAreParsesAsTheyAreRead() throws {
        let line =
            #"{"b":[1,-0,1e2,12345678901234567890123,"\u0000x"],"a\u0000":{"k":true,"k":null},"id":-0,"n":null,"o":{"k":1,"k":2}}"#
        let document = try document(line)
        #expect(document.value.json == (try JSON.parse(line)))
        let object = try #require(document.value.objectView)
        #expect(object.keys == ["b", "a\u{0}", "id", "n", "o"], "in the line's order, an escaped NUL kept")
        #expect(object["a"] == nil && object["a\u{0}"] == nil, "a key with a NUL is never a name read")
        #expect(object["id"]?.numberText == "-0" && object["id"]?.json == .integer(0))
        #expect(object["b"]?.elements?.map(\.json) == (try JSON.parse(line))["b"]?.arrayValue)
        #expect(object["n"]?.isNull == true && object["missing"] == nil)
        #expect(object.firstKey(notIn: ["b", "id", "n", "o"]) == "a\u{0}")
        let reader = ObjectReader(.document(object)) { $0 }
        #expect(try reader.object("o")?.members == JSONObject(["k": 2]), "the last duplicate, at the first's place")
        #expect(reader.members == (try JSON.parse(line)).objectValue)
    }
}
