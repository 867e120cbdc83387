import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// The page's `valueIndex` (choices.js) mirrors `ChoiceValue.matches`: run
/// under node, without a browser, on the same table the Swift sides are tested on.
@Suite(.tags(.process, .externalProgram)) struct ChoiceValueMirrorTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/PickerWeb/Page/choices.js").path

    @Test func thePageMatchesAValueAsTheTableSays() throws {
        // The page reads pickerd's JSON as JavaScript does: each row as it goes over the wire.
        let rows = JSON.array(ChoiceMatchCases.all.map { .array([$0.value, $0.answer]) }).serialized()
        let run = try CommandLineProcess(
            program: "/usr/bin/node",
            [
                "-e",
                """
                const vm = require('vm'), fs = require('fs');
                vm.runInThisContext(fs.readFileSync(process.argv[1], 'utf8'));
                const rows = JSON.parse(process.argv[2]);
                console.log(JSON.stringify(rows.map(([value, answer]) => valueIndex(['other', value], answer))));
                """,
                Self.script, rows,
            ]
        ).finish(timeout: 60)
        #expect(run.status == 0, "\(run.stderr)")
        let found = try JSON.parse(run.stdout).arrayValue ?? []
        try #require(found.count == ChoiceMatchCases.all.count, "\(run.stdout)")
        for (row, index) in zip(ChoiceMatchCases.all, found) {
            #expect(index == (row.matches ? 1 : -1), "\(row)")
        }
    }
}
