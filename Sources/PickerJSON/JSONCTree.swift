import CJSONC

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the tree json-c built of a line into a `JSON`, checking the
/// numbers json-c's strict mode reads and JSON does not: a double keeps the
/// text it was read from (`json_object_new_double_s`), so `2.` and `-.5` are
/// refused by their text, and one past a double's range (`1e400`, which
/// `strtod` reads as infinity) by its value.
struct JSONCTree {
    /// The line json-c read, where a refused number's place is found.
    let line: UnsafeRawBufferPointer
    /// Whether strings and keys may hold `JSONParser.nulStandIn` for an escaped NUL.
    let nulStandIns: Bool
    /// The numbers json-c got with an `e0` of the parser's after them: their
    /// doubles' text is this and `e0`. (Were the same digits also written
    /// with `e0` in the line, that one's text loses its `e0` too; the value
    /// is the same.)
    var exponentsAdded: Set<String> = []
    /// The member whose number texts are kept (see `JSONParser.parse(_:keepingNumberTextsOf:)`).
    var textMember: String?
    /// `JSONParser.maxElements`: the feeder refuses what its seams show, and
    /// this what closed between two of them.
    var maxElements: Int?
    /// The texts kept, by top-level element (0 for a top-level object).
    var numberTexts: [Int: String] = [:]

    /// Refuses a container of `count` elements past `maxElements`; the place
    /// is the line's end, where json-c was when it was found.
    private func checkCount(_ count: Int, depth: Int) throws(JSONParseError) {
        guard let maxElements, count > maxElements else { return }
        throw JSONTokenerFeeder.tooManyElements(maxElements, at: line.count, depth: depth)
    }

    /// Converts the line's top-level value, keeping the number texts of `textMember`.
    mutating func convertLine(_ root: OpaquePointer?) throws(JSONParseError) -> JSON {
        guard let textMember, let root else { return try convert(root) }
        switch json_object_get_type(root) {
        case json_type_object:
            keepNumberText(of: textMember, in: root, as: 0)
        case json_type_array:
            for index in 0..<json_object_array_length(root) {
                guard let element = json_object_array_get_idx(root, index),
                    json_object_get_type(element) == json_type_object
                else { continue }
                keepNumberText(of: textMember, in: element, as: index)
            }
        default:
            break
        }
        return try convert(root)
    }

    private mutating func keepNumberText(of member: String, in object: OpaquePointer, as index: Int) {
        var value: OpaquePointer?
        // A key with an escaped NUL is not one the protocol reads.
        guard json_object_object_get_ex(object, member, &value) != 0, let value,
            json_object_get_type(value) == json_type_double,
            let text = doubleText(value)
        else { return }
        numberTexts[index] = text
    }

    /// The text json-c read a double from, without an exponent the parser added.
    func doubleText(_ object: OpaquePointer) -> String? {
        guard
            let text = json_object_get_userdata(object).map({ String(cString: $0.assumingMemoryBound(to: CChar.self)) })
        else { return nil }
        if text.hasSuffix("e0"), exponentsAdded.contains(String(text.dropLast(2))) { return String(text.dropLast(2)) }
        return text
    }

    /// Runs the checks `convert` makes over every value, converting nothing:
    /// a line read into a `JSONDocument` is refused now, not when a value
    /// in it is read.
    func check(_ object: OpaquePointer?, depth: Int = 0) throws(JSONParseError) {
        guard let object else { return }
        switch json_object_get_type(object) {
        case json_type_double:
            _ = try checkedDouble(object)
        case json_type_array:
            try checkCount(json_object_array_length(object), depth: depth)
            for index in 0..<json_object_array_length(object) {
                try check(json_object_array_get_idx(object, index), depth: depth + 1)
            }
        case json_type_object:
            try checkCount(Int(json_object_object_length(object)), depth: depth)
            var entry = json_object_get_object(object)?.pointee.head
            while let current = entry {
                try check(OpaquePointer(current.pointee.v), depth: depth + 1)
                entry = current.pointee.next
            }
        default:
            break
        }
    }

    func convert(_ object: OpaquePointer?, depth: Int = 0) throws(JSONParseError) -> JSON {
        guard let object else { return .null }
        switch json_object_get_type(object) {
        case json_type_boolean:
            return .bool(json_object_get_boolean(object) != 0)
        case json_type_int:
            let value = json_object_get_int64(object)
            // Past Int64 json-c keeps a uint64 (larger ones come in as doubles).
            if value == .max, json_object_get_uint64(object) > UInt64(Int64.max) {
                return .double(Double(json_object_get_uint64(object)))
            }
            return .integer(value)
        case json_type_double:
            let value = try checkedDouble(object)
            // `-0` as written, which the parser gave json-c as `-0e0`.
            if value == 0, value.sign == .minus, doubleText(object) == "-0" { return .integer(0) }
            return .double(value)
        case json_type_string:
            let length = Int(json_object_get_string_len(object))
            return .string(string(UnsafeRawBufferPointer(start: json_object_get_string(object), count: length)))
        case json_type_array:
            let count = json_object_array_length(object)
            try checkCount(count, depth: depth)
            var elements: [JSON] = []
            elements.reserveCapacity(count)
            for index in 0..<count {
                elements.append(try convert(json_object_array_get_idx(object, index), depth: depth + 1))
            }
            return .array(elements)
        case json_type_object:
            // json-c's table keeps its entries in the order the keys came,
            // and a repeated key replaced its first entry's value.
            guard let table = json_object_get_object(object) else { return .object(JSONObject()) }
            try checkCount(Int(table.pointee.count), depth: depth)
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(table.pointee.count))
            var entry = table.pointee.head
            while let current = entry {
                let key = current.pointee.k.assumingMemoryBound(to: CChar.self)
                members.append(
                    JSONObject.Member(
                        key: string(UnsafeRawBufferPointer(start: key, count: strlen(key))),
                        value: try convert(OpaquePointer(current.pointee.v), depth: depth + 1)))
                entry = current.pointee.next
            }
            return .object(JSONObject(distinctMembers: members))
        default:
            return .null
        }
    }

    func string(_ bytes: UnsafeRawBufferPointer) -> String {
        guard nulStandIns, bytes.contains(JSONParser.nulStandIn) else { return String(decoding: bytes, as: UTF8.self) }
        return String(decoding: bytes.map { $0 == JSONParser.nulStandIn ? 0 : $0 }, as: UTF8.self)
    }

    private func checkedDouble(_ object: OpaquePointer) throws(JSONParseError) -> Double {
        let value = json_object_get_double(object)
        guard
            let text = json_object_get_userdata(object).map({ String(cString: $0.assumingMemoryBound(to: CChar.self)) })
        else {
            // NaN and Infinity come without text; the screen refuses them first.
            if value.isFinite { return value }
            throw JSONParseError("NaN and Infinity are not JSON numbers", at: 0)
        }
        let utf8 = Array(text.utf8)
        let start = place(of: utf8)
        if utf8.first == UInt8(ascii: "-"), utf8.count < 2 || !JSONLineScreen.isDigit(utf8[1]) {
            throw JSONParseError("expected a digit after '-'", at: start + 1)
        }
        if let point = utf8.firstIndex(of: UInt8(ascii: ".")),
            point + 1 == utf8.count || !JSONLineScreen.isDigit(utf8[point + 1])
        {
            throw JSONParseError("expected a digit after the decimal point", at: start + point + 1)
        }
        guard value.isFinite else { throw JSONParseError("number too large for a 64-bit float", at: start) }
        return value
    }

    /// Where a number with this text is in the line: the first place it
    /// stands alone, not within a longer number (or 0 if nowhere, as for
    /// one json-c read with an exponent of ours added).
    private func place(of text: [UInt8]) -> Int {
        var start = 0
        while start + text.count <= line.count {
            if line[start..<start + text.count].elementsEqual(text),
                start == 0 || !Self.isNumberByte(line[start - 1]),
                start + text.count == line.count || !Self.isNumberByte(line[start + text.count])
            {
                return start
            }
            start += 1
        }
        return 0
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        JSONLineScreen.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
    }
}
