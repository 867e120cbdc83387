import PickerJSON
import Testing

@Suite struct JSONSerializerTests {
    @Test func isCompactAndKeepsOrder() {
        let value: JSON = ["b": [1, 2.5, .null, true], "a": ["x": "y"]]
        #expect(value.serialized() == #"{"b":[1,2.5,null,true],"a":{"x":"y"}}"#)
    }

    @Test func neverWritesANewline() throws {
        let value: JSON = ["text": "line one\nline two\r\n\u{2028}tab\there", "ctl": "\u{1}\u{1F}\u{7F}"]
        let text = value.serialized()
        #expect(!text.utf8.contains(0x0A))
        #expect(!text.utf8.contains(0x0D))
        #expect(text == #"{"text":"line one\nline two\r\n\#u{2028}tab\there","ctl":"\u0001\u001f\#u{7F}"}"#)
        #expect(try JSON.parse(text) == value)
    }

    @Test func leavesSlashesAndNonASCIIAlone() {
        #expect(JSON.string("a/b 日本").serialized() == #""a/b 日本""#)
        #expect(JSON.string(#"q"b\s"#).serialized() == #""q\"b\\s""#)
    }

    @Test func writesNumbersThatReadBackExactly() throws {
        let numbers: [JSON] = [
            .integer(.max), .integer(.min), .double(0.1), .double(1e-7), .double(1e300), .double(-0.0),
            .double(5e-324), .double(100), .double(123456789.125),
        ]
        for number in numbers {
            let text = number.serialized()
            #expect(try JSON.parse(text) == number, "\(text)")
        }
        #expect(JSON.double(100).serialized() == "100.0")
        #expect(JSON.double(.nan).serialized() == "null")
        #expect(JSON.double(.infinity).serialized() == "null")
    }
}
