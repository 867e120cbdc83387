import PickerJSON
import PickerProtocol
import Testing

@testable import PickerTerminal

/// The terminal's file list without a daemon: listings handed in as `browse` answers them.
@Suite struct FileBrowserTests {
    let listing = BrowseListing(
        path: "/srv",
        entries: [.init(name: "in", type: .dir), .init(name: "a.png", type: .file), .init(name: "b.png", type: .file)],
        truncated: false)

    @Test func itAsksForItsStartAndOpensPicksAndGoesUp() {
        var view = FileBrowser(options: ["root": "/srv", "start": "/srv"], value: nil)
        #expect(view.wantsListing == "/srv")
        view.received(.success(listing))
        #expect(view.handle(.enter) == .browse && view.wantsListing == "/srv/in", "Enter opens a directory")
        view.received(
            .success(BrowseListing(path: "/srv/in", entries: [.init(name: "c", type: .file)], truncated: false)))
        #expect(view.handle(.backspace) == .browse && view.wantsListing == "/srv", "Backspace goes up")
        view.received(.success(listing))
        #expect(view.handle(.backspace) == .none, "never above the root")
        for character in "b." { _ = view.handle(.character(character)) }
        #expect(view.value == "/srv/b.png", "typing filters")
        #expect(view.handle(.enter) == .submit)
    }

    @Test func spaceTicksWithMultipleAndDirectoryModeChoosesTheDirectory() {
        var several = FileBrowser(options: ["root": "/srv", "multiple": true], value: nil)
        several.received(.success(listing))
        _ = several.handle(.down)
        #expect(several.handle(.character(" ")) == .changed)
        _ = several.handle(.down)
        _ = several.handle(.character(" "))
        #expect(several.value == ["/srv/a.png", "/srv/b.png"])
        var directory = FileBrowser(options: ["root": "/srv", "directory": true], value: nil)
        directory.received(.success(listing))
        #expect(directory.value == "/srv" && directory.handle(.enter) == .submit, "the first row is this directory")
    }

    @Test func withoutAnAskerThatListsThePersonTypesAndNamesAreWrittenOut() {
        var view = FileBrowser(options: ["root": "/srv"], value: nil)
        view.received(
            .success(BrowseListing(path: "/srv", entries: [.init(name: "x\n\u{1B}[2J", type: .file)], truncated: true)))
        let drawn = view.render(width: 80, height: 10, focused: true).map(\.text).joined(separator: "|")
        #expect(drawn.contains(#"x\n\u{1B}[2J"#) && !drawn.contains("\u{1B}") && drawn.contains("more entries"))
        view.received(.failure(BrowseFailure(sentence: "type a path instead", letsTheAskerList: false)))
        #expect(view.typing != nil)
        for character in "/srv/q" { _ = view.handle(.character(character)) }
        #expect(view.value.stringValue?.hasSuffix("/srv/q") == true)
    }
}
