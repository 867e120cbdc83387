import Foundation
import PickerJSON
import PickerProtocol
import PickerTestSupport
import Testing

/// `pickerctl file` against a real daemon: it presents with `browsable`,
/// answers the daemon's relayed `browse` as its own user, confined to --root
/// (symbolic links resolved), and checks the chosen path before printing it.
@Suite(.tags(.process)) struct FileCommandTests {
    let daemon: DaemonProcess
    /// --root: a.png, b.txt, .hidden, sub/, out → a directory outside, up → ..
    let root: String
    let outside: String

    init() throws {
        daemon = try DaemonProcess(config: #"{"state": {"durability": "memory"}}"#)
        let files = FileManager.default
        root = daemon.directory.appendingPathComponent("root").path
        outside = daemon.directory.appendingPathComponent("outside").path
        try files.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try files.createDirectory(atPath: outside, withIntermediateDirectories: true)
        for name in ["a.png", "b.txt", ".hidden", "sub/c.png"] {
            files.createFile(atPath: root + "/" + name, contents: Data("x".utf8))
        }
        files.createFile(atPath: outside + "/secret.png", contents: Data("s".utf8))
        try files.createSymbolicLink(atPath: root + "/out", withDestinationPath: outside)
        try files.createSymbolicLink(atPath: root + "/up", withDestinationPath: "..")
    }

    func start(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath, "file", "--inline", "never"] + arguments)
    }

    func pickerctl(_ arguments: [String]) throws -> CommandLineProcess.Result {
        try CommandLineProcess.run("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }

    /// A front-end's connection and the file window's id.
    func frontEnd() throws -> (TestClient, WindowID) {
        try daemon.waitForWindows(1)
        let client = try TestClient(socketPath: daemon.socketPath)
        let key = try #require(try client.result("list")["key"]?.stringValue)
        return (client, WindowID(key))
    }

    @Test func browsingIsAnsweredByTheAskerConfinedToTheRoot() throws {
        let asking = try start(["--root", root, "--pattern", "*.png"])
        let (client, window) = try frontEnd()
        let details = try client.result("get", ["window": .string(window.rawValue)])
        #expect(details["options"]?["root"] == .string(root) && details["options"]?["start"] == .string(root))
        let listing = try #require(BrowseListing(json: try client.send(Browse(window: window, path: root)).json))
        #expect(
            listing.entries.map(\.name) == ["sub", "a.png", "out", "up"], "b.txt does not match, .hidden is hidden")
        #expect(listing.entries.first { $0.name == "out" }?.type == .link && !listing.truncated)
        // Through a link out of the root, the asker refuses: only it can resolve links.
        for escape in [root + "/out", root + "/up"] {
            let refused = try client.error("browse", ["window": .string(window.rawValue), "path": .string(escape)])
            #expect(
                refused.code == .invalidParams && refused.message.contains("not a directory inside"), "\(refused)")
        }
        let dotDot = try client.error("browse", ["window": .string(window.rawValue), "path": .string(root + "/..")])
        #expect(dotDot.code == .invalidParams, "pickerd refuses .. by its text before asking")
        #expect(try pickerctl(["submit", root + "/sub/c.png"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == root + "/sub/c.png\n", "\(result)")
    }

    @Test func aChosenPathThatALinkTakesOutsideTheRootExits65() throws {
        let asking = try start(["--root", root])
        _ = try frontEnd()
        #expect(try pickerctl(["submit", root + "/out/secret.png"]).status == 0, "pickerd checks the text only")
        let result = asking.finish()
        #expect(result.status == 65 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("leads outside") && result.stderr.contains("symbolic link"), "\(result.stderr)")
    }

    @Test func multiplePrintsOnePathALine() throws {
        let asking = try start(["--root", root, "--multiple"])
        _ = try frontEnd()
        #expect(try pickerctl(["submit", root + "/a.png", root + "/b.txt"]).status == 0)
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == "\(root)/a.png\n\(root)/b.txt\n", "\(result)")
    }

    @Test func aListingOf100000FilesIsTruncatedAndTheDaemonGoesOn() throws {
        let big = root + "/big"
        try FileManager.default.createDirectory(atPath: big, withIntermediateDirectories: true)
        for index in 0..<100_000 {
            let descriptor = open(big + "/f\(index)", O_CREAT | O_WRONLY, 0o644)
            close(descriptor)
        }
        let asking = try start(["--root", root])
        let (client, window) = try frontEnd()
        let answer = try client.send(Browse(window: window, path: big), timeout: 60)
        #expect(answer.truncated && answer.entries.count == BrowseListing.mostEntries)
        #expect(try client.result("ping") == "pong")
        _ = try pickerctl(["cancel"])
        #expect(asking.finish().status == 1)
    }

    @Test func aPresetOfFileAndAFormFieldOfFileAreAnsweredWithATypedPath() throws {
        let form = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", daemon.socketPath, "form", "--inline", "never", "--field",
                "where:file:{\"root\":\"\(root)\"}",
            ])
        _ = try frontEnd()
        let outside = try pickerctl(["submit", "{\"where\":\"/etc/passwd\"}"])
        #expect(outside.status == 65 && outside.stderr.contains("outside"), "\(outside.stderr)")
        #expect(try pickerctl(["submit", "{\"where\":\"\(root)/a.png\"}"]).status == 0)
        #expect(form.finish().stdout == "{\"where\":\"\(root)/a.png\"}\n")
    }
}

extension FileCommandTests {
    @Test func aPresetBasedOnFileKeepsItsPatterns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("presets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"kind": "picture", "base": "file", "options": {"patterns": ["*.png"]}}"#.utf8)
            .write(to: folder.appendingPathComponent("picture.json"))
        let presets = try DaemonProcess(
            config: #"{"state": {"durability": "memory"}, "plugins": {"presets_dir": "\#(folder.path)"}}"#)
        let asking = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", presets.socketPath, "present", "picture", "--inline", "never", "--options",
                #"{"root": "\#(root)"}"#,
            ])
        try presets.waitForWindows(1)
        let submit = { (path: String) in
            try CommandLineProcess.run("pickerctl", ["--socket", presets.socketPath, "submit", path])
        }
        let text = try submit(root + "/b.txt")
        #expect(text.status == 65 && text.stderr.contains("does not match *.png"), "\(text.stderr)")
        #expect(try submit(root + "/a.png").status == 0)
        #expect(asking.finish().stdout == root + "/a.png\n")
    }
}

/// The terminal's file list under tmux: browsed through the asker, names
/// that hold newlines, escapes or bytes that are not UTF-8 shown written
/// out, and the typed path when the asker does not list.
extension FileCommandTests {
    @Test(.tags(.tmux)) func theTerminalBrowsesOpensPicksAndGoesUp() throws {
        guard TmuxSession.tmux != nil else {
            print("skipped: needs tmux")
            return
        }
        FileManager.default.createFile(atPath: root + "/evil\n\u{1B}[2Jred.png", contents: nil)
        let invalid = Array(root.utf8) + Array("/b".utf8) + [0xFF] + Array(".png".utf8) + [0]
        close(
            invalid.withUnsafeBufferPointer {
                open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
            })
        let asking = try start(["--root", root, "--pattern", "*.png", "--title", "Pick a picture"])
        try daemon.waitForWindows(1)
        let ui = try TmuxSession("\(DaemonProcess.executable("pickerctl").path) ui --socket \(daemon.socketPath)")
        let screen = try #require(try ui.waitFor("a.png"))
        #expect(screen.contains(root) && screen.contains("sub/") && screen.contains("out@"))
        #expect(screen.contains(#"evil\n\u{1B}[2Jred.png"#), "a name's newline and escape are written out: \(screen)")
        #expect(screen.contains("b\u{FFFD}.png"), "bytes that are not UTF-8 show as U+FFFD")
        try ui.type("su")
        #expect(try ui.waitFor("filter: su") != nil)
        try ui.send("Enter")
        #expect(try ui.waitFor("c.png") != nil)
        try ui.send("BSpace")
        #expect(try ui.waitFor("a.png") != nil, "Backspace goes up")
        try ui.type("su")
        try ui.send("Enter")
        #expect(try ui.waitFor("c.png") != nil)
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == root + "/sub/c.png\n", "\(result)")
    }

    @Test(.tags(.tmux)) func withoutAnAskerThatListsTheTerminalLetsThePersonTypeAPath() throws {
        guard TmuxSession.tmux != nil else {
            print("skipped: needs tmux")
            return
        }
        let asking = try CommandLineProcess(
            "pickerctl",
            [
                "--socket", daemon.socketPath, "present", "file", "--inline", "never", "--options",
                #"{"root": "\#(root)"}"#,
            ])
        try daemon.waitForWindows(1)
        let ui = try TmuxSession("\(DaemonProcess.executable("pickerctl").path) ui --socket \(daemon.socketPath)")
        #expect(try ui.waitFor("does not list its files") != nil)
        try ui.type("b.txt")
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == root + "/b.txt\n", "\(result)")
    }
}

extension FileCommandTests {
    /// An asker that says it lists but never answers: after pickerd's 5 s the
    /// terminal says so and lets the person type.
    @Test(.tags(.tmux)) func anAskerThatNeverAnswersBrowseLeavesThePersonTyping() throws {
        guard TmuxSession.tmux != nil else {
            print("skipped: needs tmux")
            return
        }
        let silent = try TestClient(socketPath: daemon.socketPath)
        let summary = try silent.result(
            "present", ["kind": "file", "title": "Silent", "browsable": true, "options": ["root": .string(root)]])
        let ui = try TmuxSession("\(DaemonProcess.executable("pickerctl").path) ui --socket \(daemon.socketPath)")
        #expect(try ui.waitFor("did not list", timeout: 30) != nil)
        try ui.type("a.png")
        try ui.send("Enter")
        let window = try #require(summary["window"])
        let outcome = try silent.result("wait", ["window": window], timeout: 30)
        #expect(outcome["value"] == .string(root + "/a.png"), "\(outcome)")
    }
}

extension FileCommandTests {
    /// Asked in place: the same list, browsed through this very pickerctl.
    @Test(.tags(.tmux)) func theInlinePickerBrowsesToo() throws {
        guard TmuxSession.tmux != nil else {
            print("skipped: needs tmux")
            return
        }
        let pickerctl = DaemonProcess.executable("pickerctl").path
        let ui = try TmuxSession(
            "\(pickerctl) --socket \(daemon.socketPath) file --root \(root) --inline always; echo status=$?")
        #expect(try ui.waitFor("a.png") != nil)
        try ui.type("a.p")
        try ui.send("Enter")
        let screen = try #require(try ui.waitFor("status=0"))
        #expect(screen.contains(root + "/a.png"), "\(screen)")
    }
}
