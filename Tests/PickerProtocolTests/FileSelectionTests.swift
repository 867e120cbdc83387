import PickerJSON
import PickerProtocol
import Testing

/// A file window's options, typed: the kind's defaults, and what an asker
/// sends read back as a front-end reads it.
@Suite struct FileSelectionTests {
    @Test func whatIsLeftOutOrOfAnotherTypeIsTheDefault() {
        let empty = FileSelection(options: [:])
        #expect(empty == FileSelection())
        #expect(empty.root == "/" && empty.startDirectory == "/" && empty.patterns.isEmpty)
        #expect(!empty.isDirectory && !empty.isMultiple && !empty.isSave && !empty.showsHidden)
        let odd = FileSelection(options: ["root": 7, "multiple": "yes", "patterns": ["*.png", 3]])
        #expect(odd.root == "/" && !odd.isMultiple && odd.patterns == ["*.png"])
        #expect(FileSelection(options: ["root": "/srv"]).startDirectory == "/srv", "browsing starts at the root")
    }

    @Test func theOptionsSentAreReadBackAlike() {
        var selection = FileSelection()
        (selection.root, selection.start, selection.patterns) = ("/srv/in", "/srv/in/a", ["*.png", "*.jpg"])
        (selection.isDirectory, selection.isMultiple, selection.isSave, selection.showsHidden) = (
            true, true, true, true
        )
        #expect(FileSelection(options: .object(selection.options)) == selection)
        // Only what is not the default is sent, the root always.
        #expect(FileSelection().options == JSONObject(["root": "/"]))
    }
}
