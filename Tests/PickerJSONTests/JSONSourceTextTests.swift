import PickerJSON
import Testing

/// Finding members and elements in the source text of accepted JSON.
@Suite struct JSONSourceTextTests {
    func elements(_ text: String) -> [String]? {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { buffer in
            JSONSourceText.elementRanges(in: buffer)?.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
    }

    func member(_ name: String, _ text: String) -> String? {
        Array(text.utf8).withUnsafeBytes { JSONSourceText.memberValue(named: name, in: $0) }
    }

    @Test func elementsOfAnArray() {
        #expect(elements(#" [ 1e2 ,{"a":"],}\"["} , [[]],"x\\" ,-0 ] "#) == ["1e2", #"{"a":"],}\"["}"#, "[[]]", #""x\\""#, "-0"])
        #expect(elements("[]") == [])
        #expect(elements(#"{"a":1}"#) == nil)
    }

    @Test func theLastMemberOfTheTopLevelObject() {
        #expect(member("id", #"{"params":{"id":1},"id" : 1E+2 }"#) == "1E+2")
        #expect(member("id", #"{"id":1,"id":"two"}"#) == #""two""#)
        #expect(member("id", #"{"\u0069d":-0.0}"#) == "-0.0")
        #expect(member("id", #"{"i\"d":1}"#) == nil)
        #expect(member("id", "[1]") == nil)
    }
}
