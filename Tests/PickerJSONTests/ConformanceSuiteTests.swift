import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Every case of ../shared/conformance/JSONTestSuite: `y_` accepted, `n_` rejected,
/// `i_` either way without crashing; and everything accepted survives a round trip.
@Suite struct ConformanceSuiteTests {
    static func cases(prefix: String) throws -> [(name: String, bytes: [UInt8])] {
        guard let cases = try SharedFolder.jsonTestSuiteCases(prefix: prefix) else {
            Issue.record(Comment(rawValue: SharedFolder.missingSuiteMessage))
            return []
        }
        return cases
    }

    @Test func acceptsEveryYCase() throws {
        let cases = try Self.cases(prefix: "y_")
        #expect(cases.count >= 95, "expected the suite's 95 y_ files, found \(cases.count)")
        let parser = JSONParser()
        var rejected: [String] = []
        for testCase in cases {
            do {
                let value = try parser.parse(testCase.bytes)
                let again = try parser.parse(value.serialized())
                #expect(again == value, "\(testCase.name) does not survive a round trip: \(value)")
            } catch {
                rejected.append("\(testCase.name): \(error)")
            }
        }
        #expect(rejected.isEmpty, "valid JSON rejected:\n\(rejected.joined(separator: "\n"))")
        print("JSONTestSuite y_: \(cases.count - rejected.count) of \(cases.count) accepted")
    }

    @Test func rejectsEveryNCase() throws {
        let cases = try Self.cases(prefix: "n_")
        #expect(cases.count >= 188, "expected the suite's 188 n_ files, found \(cases.count)")
        let parser = JSONParser()
        var accepted: [String] = []
        for testCase in cases {
            if let value = try? parser.parse(testCase.bytes) {
                accepted.append("\(testCase.name) -> \(value)")
            }
        }
        #expect(accepted.isEmpty, "invalid JSON accepted:\n\(accepted.joined(separator: "\n"))")
        print("JSONTestSuite n_: \(cases.count - accepted.count) of \(cases.count) rejected")
    }

    @Test func decidesEveryICaseWithoutCrashing() throws {
        let cases = try Self.cases(prefix: "i_")
        #expect(!cases.isEmpty)
        let parser = JSONParser()
        var accepted = 0
        for testCase in cases {
            if let value = try? parser.parse(testCase.bytes) {
                accepted += 1
                #expect(try parser.parse(value.serialized()) == value, "\(testCase.name) does not round-trip")
            }
        }
        print("JSONTestSuite i_: \(accepted) accepted, \(cases.count - accepted) rejected")
    }
}
