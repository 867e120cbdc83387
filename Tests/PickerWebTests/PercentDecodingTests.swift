import Testing

@testable import PickerWeb

/// A window's id in the page's addresses, as `encodeURIComponent` escapes it.
@Suite struct PercentDecodingTests {
    @Test func anEscapedQualifiedIdIsDecoded() {
        #expect(PercentDecoding.decode("build-7%2Fw3") == "build-7/w3")
        #expect(PercentDecoding.decode("w3") == "w3")
        #expect(PercentDecoding.decode("%3Ci%3Ebeta.sock%2fw1") == "<i>beta.sock/w1", "either case of hex")
        #expect(PercentDecoding.decode("%252F") == "%2F", "decoded once, never twice")
    }

    @Test func aBrokenEscapeOrBytesThatAreNotUTF8AreRefused() {
        for segment in ["%", "a%2", "%zz", "%2G", "%C3%28", "%FF"] {
            #expect(PercentDecoding.decode(segment[...]) == nil, "\(segment)")
        }
    }
}
