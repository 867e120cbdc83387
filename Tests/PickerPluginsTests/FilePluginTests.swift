import PickerCore
import PickerJSON
import PickerPlugins
import Testing

/// `file` checks a path's text only: the daemon reads no file.
@Suite struct FilePluginTests {
    let harness = PluginHarness()
    let pictures: JSONObject = ["root": "/srv/in", "patterns": ["*.png", "*.jpg"]]

    @Test func aPathInsideTheRootMatchingThePatternsIsTheValue() throws {
        #expect(try harness.normalize("file", pictures, "/srv/in/a/b.png") == "/srv/in/a/b.png")
        #expect(try harness.normalize("file", pictures, ["/srv/in/b.jpg"]) == "/srv/in/b.jpg", "an array of one")
        let several: JSONObject = ["root": "/srv", "multiple": true]
        #expect(try harness.normalize("file", several, ["/srv/a", "/srv/b"]) == ["/srv/a", "/srv/b"])
        #expect(try harness.normalize("file", several, "/srv/a") == ["/srv/a"])
        #expect(try harness.normalize("file", ["directory": true, "root": "/srv"], "/srv") == "/srv")
        #expect(try harness.normalize("file", [:], "/etc/hosts") == "/etc/hosts", "the root is / by default")
    }

    @Test func escapesAndUnnormalizedPathsAreRefusedByTheirText() {
        harness.expectRejections(
            "file", pictures,
            [
                "/srv/in/../../etc/x.png":
                    "'/srv/in/../../etc/x.png' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')",
                "/srv/in/./x.png":
                    "'/srv/in/./x.png' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')",
                "/srv/in//x.png":
                    "'/srv/in//x.png' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')",
                "/srv/in/a/": "'/srv/in/a/' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')",
                "x.png": "'x.png' is not an absolute, normalized path (no '.', '..', '//' or trailing '/')",
                "/srv/inside/x.png": "'/srv/inside/x.png' is outside /srv/in",
                "/srv/in/x.txt": "'x.txt' does not match *.png or *.jpg",
                "/srv/in": "choose a file inside /srv/in, not the directory itself",
                ["/srv/in/a.png", "/srv/in/b.png"]: "choose one path, not 2; option 'multiple' allows several",
                7: "a file value must be a path (a string), not an integer",
            ])
        #expect(harness.valueError("file", ["multiple": true], ["/a", "/a"])?.message == "a path is chosen twice")
        #expect(harness.valueError("file", [:], "/a\u{0}b") != nil)
    }

    @Test func optionsAreCheckedAndWrittenOutWhole() throws {
        #expect(
            harness.optionsError("file", ["root": "srv"])
                == "option 'root' must be an absolute, normalized path (no '.', '..', '//' or trailing '/')")
        #expect(harness.optionsError("file", ["root": "/srv/../etc"]) != nil)
        #expect(
            harness.optionsError("file", ["root": "/srv", "start": "/etc"])
                == "option 'start' must be inside option 'root'")
        #expect(harness.optionsError("file", ["patterns": ["a/b"]]) != nil)
        #expect(harness.optionsError("file", ["save": true, "multiple": true]) != nil)
        #expect(harness.optionsError("file", ["directory": true, "patterns": ["*.png"]]) != nil)
        #expect(harness.optionsError("file", ["hidden": true]) != nil, "unknown options are refused")
        #expect(
            try harness.prepare("file", ["root": "/srv"]).options
                == [
                    "directory": false, "multiple": false, "save": false, "root": "/srv", "start": "/srv",
                    "show_hidden": false,
                ])
    }
}
