import Testing

@testable import PickerJSON

@Suite struct JSONObjectTests {
    static let large = 100_000

    /// A client's line may hold an object this large; reading it and looking up
    /// every key must take linear time. No time limit: under a sanitizer a test
    /// can wait minutes for a thread, and a limit would count that wait. What
    /// keeps it linear is the index, which a large object must have (without
    /// it this test took minutes; speed itself is pickerbench's to show).
    @Test func aParsedObjectOf100000KeysReadsInLinearTime() throws {
        let members = (0..<Self.large).map { #""k\#($0)":\#($0)"# }
        // "k5" again at the end: its last value wins, at its first position.
        let text = "{" + members.joined(separator: ",") + #","k5":"again"}"#
        let object = try #require(try JSONParser().parse(text).objectValue)
        #expect(object.count == Self.large)
        #expect(object.isIndexed)
        #expect(object.members[5].key == "k5" && object.members[5].value == "again")
        #expect(object.members.last?.key == "k\(Self.large - 1)")
        var found = 0
        for index in 0..<Self.large where object["k\(index)"] != nil { found += 1 }
        #expect(found == Self.large)
        #expect(object["k\(Self.large)"] == nil)
    }

    @Test func buildingALargeObjectKeyByKeyTakesLinearTime() {
        var object = JSONObject()
        for index in 0..<Self.large { object["k\(index)"] = .integer(Int64(index)) }
        object["k7"] = "replaced"
        #expect(object.count == Self.large)
        #expect(object.isIndexed)
        #expect(object.members[7].value == "replaced")
        #expect(object["k\(Self.large - 1)"] == .integer(Int64(Self.large - 1)))
        // The same members from the dictionary-literal path, duplicates included.
        let rebuilt = JSONObject(object.members.map { ($0.key, $0.value) } + [("k7", "replaced")])
        #expect(rebuilt == object)
    }

    /// Removing from an indexed object moves the later members up and keeps
    /// every lookup right, down past the size where the index is dropped and
    /// back up again.
    @Test func removalsKeepOrderAndLookups() {
        var object = JSONObject((0..<40).map { ("k\($0)", JSON.integer(Int64($0))) })
        var expected = (0..<40).map { "k\($0)" }
        for removed in [0, 39, 20, 5, 5, 30] {
            let key = expected.remove(at: min(removed, expected.count - 1))
            object[key] = nil
            #expect(object.keys == expected)
            #expect(object[key] == nil)
            for name in expected { #expect(object[name] == .integer(Int64(name.dropFirst())!)) }
        }
        while expected.count > 3 {
            object[expected.remove(at: 1)] = nil
        }
        #expect(object.keys == expected)
        for name in expected { #expect(object[name] == .integer(Int64(name.dropFirst())!)) }
        for index in 100..<140 { object["k\(index)"] = .integer(Int64(index)) }
        expected += (100..<140).map { "k\($0)" }
        #expect(object.keys == expected)
        #expect(object["k120"] == 120)
        object["k120"] = "changed"
        #expect(object.keys == expected)
        #expect(object["k120"] == "changed")
    }

    /// Equality and hashing look at the members in order, never at how they
    /// are indexed: an object that grew and shrank equals one built directly.
    @Test func equalityIsByMembersInOrder() {
        var grown = JSONObject((0..<30).map { ("k\($0)", JSON.integer(Int64($0))) })
        for index in 3..<30 { grown["k\(index)"] = nil }
        let direct: JSONObject = ["k0": 0, "k1": 1, "k2": 2]
        #expect(grown == direct)
        #expect(grown.hashValue == direct.hashValue)
        #expect(Set([JSON.object(grown), JSON.object(direct)]).count == 1)
        let reordered: JSONObject = ["k1": 1, "k0": 0, "k2": 2]
        #expect(grown != reordered)
    }

    /// A copy is a value: changing it leaves the original, index and all, as it was.
    @Test func copiesAreIndependent() {
        let original = JSONObject((0..<30).map { ("k\($0)", JSON.integer(Int64($0))) })
        var copy = original
        copy["k3"] = nil
        copy["new"] = true
        #expect(original.count == 30 && original["k3"] == 3 && original["new"] == nil)
        #expect(original["k29"] == 29 && original.keys.last == "k29")
        #expect(copy.count == 30 && copy["k3"] == nil && copy["k29"] == 29 && copy.keys.last == "new")
    }
}
