import Foundation
import PickerProtocol
import Testing

/// docs/protocol.md lists every method with exactly the params its type takes.
@Suite struct ProtocolReferenceTests {
    @Test func theMethodsTableMatchesTheMethodTypes() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../docs/protocol.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        var documented: [String: [String]] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count > 3, let name = cells[1].split(separator: "`").first else { continue }
            let params = cells[2].split(separator: ",").map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
            }
            documented[String(name)] = params.filter { !$0.isEmpty }
        }
        for method in PickerMethods.all {
            #expect(documented[method.name] == method.paramNames, "docs/protocol.md on \(method.name)")
        }
    }
}
