import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// Every case of ../shared/conformance/JSONTestSuite: `y_` accepted, `n_` rejected,
/// `i_` either way without crashing; and everything accepted survives a round trip.
@Suite struct ConformanceSuiteTests {
    /// The suite's files named `prefix…`, which must be at least `count` (the
    /// suite's own count: fewer means the copy is incomplete).
    static func cases(prefix: String, atLeast count: Int) throws -> [(name: String, bytes: [UInt8])] {
        guard let cases = try SharedFolder.jsonTestSuiteCases(prefix: prefix) else {
            Issue.record(Comment(rawValue: SharedFolder.missingSuiteMessage))
            return []
        }
        #expect(cases.count >= count, "expected the suite's \(count) \(prefix) files, found \(cases.count)")
        return cases
    }

    /// Parses each of the cases named `prefix…` (at least `count` of them);
    /// whatever is accepted must survive a round trip. The cases accepted
    /// (with their value) and rejected (with the error), for the test to judge.
    static func parseEach(prefix: String, atLeast count: Int) throws -> (accepted: [String], rejected: [String]) {
        let parser = JSONParser()
        var accepted: [String] = []
        var rejected: [String] = []
        for testCase in try cases(prefix: prefix, atLeast: count) {
            let value: JSON
            do {
                value = try parser.parse(testCase.bytes)
            } catch {
                rejected.append("\(testCase.name): \(error)")
                continue
            }
            accepted.append("\(testCase.name) -> \(value)")
            #expect(
                (try? parser.parse(value.serialized())) == value,
                "\(testCase.name) does not survive a round trip: \(value)")
        }
        return (accepted, rejected)
    }

    @Test func acceptsEveryYCase() throws {
        let (accepted, rejected) = try Self.parseEach(prefix: "y_", atLeast: 95)
        #expect(rejected.isEmpty, "valid JSON rejected:\n\(rejected.joined(separator: "\n"))")
        print("JSONTestSuite y_: \(accepted.count) of \(accepted.count + rejected.count) accepted")
    }

    @Test func rejectsEveryNCase() throws {
        let (accepted, rejected) = try Self.parseEach(prefix: "n_", atLeast: 188)
        #expect(accepted.isEmpty, "invalid JSON accepted:\n\(accepted.joined(separator: "\n"))")
        print("JSONTestSuite n_: \(rejected.count) of \(accepted.count + rejected.count) rejected")
    }

    @Test func decidesEveryICaseWithoutCrashing() throws {
        let (accepted, rejected) = try Self.parseEach(prefix: "i_", atLeast: 1)
        print("JSONTestSuite i_: \(accepted.count) accepted, \(rejected.count) rejected")
    }
}
