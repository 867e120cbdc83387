import PickerCore
import PickerJSON
import PickerPlugins
import PickerProtocol
import PickerTestSupport
import Testing

/// `ChoiceValue`, the one definition of matching an answer to a list choice's
/// value, and the list plugin matching with it, against the shared table.
@Suite struct ChoiceValueTests {
    let harness = PluginHarness()

    @Test(arguments: ChoiceMatchCases.all) func matchesAsTheTableSays(_ row: ChoiceMatchCases.Case) {
        #expect(ChoiceValue.matches(row.answer, row.value) == row.matches)
        #expect(ChoiceValue.position(of: row.answer, in: ["other", row.value]) == (row.matches ? 1 : nil))
    }

    /// A submitted item is read as the table says: the value when it matches, refused when not.
    @Test(arguments: ChoiceMatchCases.all) func theListPluginReadsAnAnswerAsTheTableSays(_ row: ChoiceMatchCases.Case) {
        let options: JSONObject = ["choices": ["first choice", "second choice"], "values": [row.value, "other"]]
        if row.matches {
            #expect((try? harness.normalize("list", options, row.answer)) == row.value)
        } else {
            #expect(harness.valueError("list", options, row.answer) != nil)
        }
    }
}
