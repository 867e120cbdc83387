import Foundation
import PickerJSON
import PickerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// One zenity command line, answered the same way twice: by xdotool in the
/// real zenity 3.44 under Xvfb, and through pickerd for pickerd-zenity.
struct ZenityCase: Sendable, CustomTestStringConvertible {
    enum PickerAnswer: Sendable {
        case submit(JSON)
        case cancel
        /// Nobody answers (a timeout, a usage error).
        case none
    }

    var name: String
    var arguments: [String]
    /// xdotool command lines, after zenity's window has the focus; none: zenity is not answered.
    var keys: [[String]]
    var answer: PickerAnswer
    /// Standard input for both (a progress's lines).
    var input: Input? = nil

    struct Input: Sendable {
        var text: String
        /// Left open: the writer is still working when the dialog is answered.
        var keepsOpen = false
    }

    var testDescription: String { name }

    /// Today as zenity's calendars open on it and pickerd writes it.
    static var today: String {
        var now = time(nil)
        var fields = tm()
        localtime_r(&now, &fields)
        return String(format: "%04d-%02d-%02d", fields.tm_year + 1900, fields.tm_mon + 1, fields.tm_mday)
    }

    static let all: [ZenityCase] = [
        ZenityCase(
            name: "entry", arguments: ["--entry", "--title=Name", "--text=Your <b>name</b>:", "--entry-text=Ada"],
            keys: [["key", "ctrl+a"], ["type", "Ada Lovelace"], ["key", "Return"]], answer: .submit("Ada Lovelace")),
        ZenityCase(
            name: "hidden entry", arguments: ["--entry", "--hide-text", "--text=PIN"],
            keys: [["type", "s3cret pin"], ["key", "Return"]], answer: .submit("s3cret pin")),
        ZenityCase(
            name: "entry cancelled", arguments: ["--entry"], keys: [["type", "x"], ["key", "Escape"]],
            answer: .cancel),
        ZenityCase(
            name: "password with username", arguments: ["--password", "--username"],
            keys: [["type", "ada"], ["key", "Tab"], ["type", "pw|1"], ["key", "Return"]],
            answer: .submit(["username": "ada", "password": "pw|1"])),
        ZenityCase(
            name: "question with custom labels",
            arguments: ["--question", "--text=Deploy?", "--ok-label=Deploy", "--cancel-label=Abort"],
            keys: [["key", "Return"]], answer: .submit(["label": "Deploy"])),
        ZenityCase(
            name: "question answered with its cancel label",
            arguments: ["--question", "--ok-label=Deploy", "--cancel-label=Abort"], keys: [["key", "Escape"]],
            answer: .submit(["label": "Abort"])),
        ZenityCase(
            name: "info", arguments: ["--info", "--text=Done &amp; <i>dusted</i>", "--width=300"],
            keys: [["key", "Return"]], answer: .submit(["label": "OK"])),
        ZenityCase(
            name: "calendar in the default format",
            arguments: ["--calendar", "--day=5", "--month=3", "--year=2026"], keys: [["key", "Return"]],
            answer: .submit("2026-03-05")),
        ZenityCase(
            name: "calendar with date-format",
            arguments: ["--calendar", "--day=5", "--month=3", "--year=2026", "--date-format=%Y/%m/%d %A %j"],
            keys: [["key", "Return"]], answer: .submit("2026-03-05")),
        ZenityCase(
            name: "list with print-column",
            arguments: ["--list", "--column=Name", "--column=Size", "a", "1", "b", "2", "--print-column=2"],
            keys: [["key", "Down"], ["key", "Return"]], answer: .submit([1])),
        ZenityCase(
            name: "checklist with separator",
            arguments: [
                "--list", "--checklist", "--column=Pick", "--column=Name", "--column=Size", "TRUE", "a1", "1", "FALSE",
                "a2", "2", "TRUE", "a3", "3", "--separator=:",
            ],
            keys: [["key", "Tab"], ["key", "Tab"], ["key", "Return"]], answer: .submit([0, 2])),
        ZenityCase(
            name: "radiolist",
            arguments: ["--list", "--radiolist", "--column=Pick", "--column=Name", "FALSE", "a1", "TRUE", "a2"],
            keys: [["key", "Tab"], ["key", "Tab"], ["key", "Return"]], answer: .submit([1])),
        ZenityCase(
            name: "forms with entry, password and calendar",
            arguments: ["--forms", "--add-entry=Name", "--add-password=Password", "--add-calendar=When"],
            keys: [
                ["type", "hi"], ["key", "Tab"], ["type", "pw"], ["key", "Tab"], ["key", "Tab"], ["key", "Tab"],
                ["key", "Return"],
            ],
            answer: .submit(["f1": "hi", "f2": "pw", "f3": .string(today)])),
        ZenityCase(
            name: "scale", arguments: ["--scale", "--value=30", "--max-value=50"],
            keys: [["key", "Right"], ["key", "Right"], ["key", "Tab"], ["key", "Return"]], answer: .submit(32)),
        ZenityCase(
            name: "scale's timeout off the step's grid",
            arguments: ["--scale", "--value=7", "--step=5", "--timeout=1"], keys: [], answer: .none),
        ZenityCase(
            name: "question's extra button", arguments: ["--question", "--extra-button=Later"],
            keys: [["key", "shift+Tab"], ["key", "shift+Tab"], ["key", "Return"]], answer: .submit(["label": "Later"])),
        ZenityCase(
            name: "info's extra button", arguments: ["--info", "--extra-button=Later"],
            keys: [["key", "Tab"], ["key", "Return"]], answer: .submit(["label": "Later"])),
        ZenityCase(
            name: "forms with separator", arguments: ["--forms", "--add-entry=A", "--add-entry=B", "--separator=,"],
            keys: [
                ["type", "a"], ["key", "Tab"], ["type", "b"], ["key", "Tab"], ["key", "Tab"], ["key", "Return"],
            ],
            answer: .submit(["f1": "a", "f2": "b"])),
        ZenityCase(
            name: "timeout", arguments: ["--entry", "--entry-text=abc", "--timeout=1"], keys: [], answer: .none),
        ZenityCase(name: "unknown option", arguments: ["--entry", "--bogus"], keys: [], answer: .none),
        ZenityCase(name: "option of another dialog", arguments: ["--info", "--entry-text=x"], keys: [], answer: .none),
        ZenityCase(name: "no dialog", arguments: ["--title=x"], keys: [], answer: .none),
        ZenityCase(
            name: "progress with auto-close", arguments: ["--progress", "--auto-close", "--text=Copying"], keys: [],
            answer: .none, input: Input(text: (0...10).map { "\($0 * 10)\n# step \($0)\n" }.joined())),
        ZenityCase(
            // Return presses the focused Cancel while the work goes on.
            name: "progress cancelled", arguments: ["--progress", "--percentage=20"], keys: [["key", "Return"]],
            answer: .cancel, input: Input(text: "50\n#halfway\n", keepsOpen: true)),
        ZenityCase(
            name: "progress's timeout", arguments: ["--progress", "--timeout=1"], keys: [], answer: .none,
            input: Input(text: "10\n", keepsOpen: true)),
        ZenityCase(
            name: "file selection of a directory",
            arguments: ["--file-selection", "--directory", "--filename=\(ZenityFiles.path("sub"))/"],
            keys: [["key", "Return"]], answer: .submit(.string(ZenityFiles.path("sub")))),
        ZenityCase(
            name: "file selection of one file",
            arguments: ["--file-selection", "--filename=\(ZenityFiles.directory)/"],
            keys: [["key", "ctrl+l"], ["type", ZenityFiles.path("a.txt")], ["key", "Return"]],
            answer: .submit(.string(ZenityFiles.path("a.txt")))),
        ZenityCase(
            name: "file selection of several with a separator",
            arguments: ["--file-selection", "--multiple", "--separator=:", "--filename=\(ZenityFiles.pair)/"],
            keys: [["key", "ctrl+a"], ["key", "Return"]],
            answer: .submit([.string(ZenityFiles.pair + "/x1.png"), .string(ZenityFiles.pair + "/x2.png")])),
        ZenityCase(
            name: "file selection saving a new name",
            arguments: [
                "--file-selection", "--save", "--confirm-overwrite", "--filename=\(ZenityFiles.path("new.txt"))",
            ],
            keys: [["key", "Return"]], answer: .submit(.string(ZenityFiles.path("new.txt")))),
    ]
}

/// pickerd-zenity against the real zenity 3.44: the same command line and the
/// same answer give the same stdout, byte for byte, and the same exit status.
/// Serialized: zenity's windows share one display and its keyboard focus.
@Suite(
    .tags(.process, .externalProgram), .serialized, .timeLimit(.minutes(5)),
    .enabled(if: VirtualDisplay.missing.isEmpty, "zenity, Xvfb or xdotool is missing (Scripts/install-dependencies)"))
struct ZenityComparisonTests {
    /// Both run in the same locale, so that %x and %A read the same.
    static let environment = ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"]

    @Test(arguments: ZenityCase.all) func printsAndExitsAsZenityDoes(_ example: ZenityCase) throws {
        let expected = try RealZenity.run(
            example.arguments, keys: example.keys, input: example.input, environment: Self.environment)
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let person = try ScriptedPerson(daemon: daemon, client: client)
        let asking = try CommandLineProcess(
            "pickerd-zenity", example.arguments,
            environment: Self.environment.merging(["PICKERD_SOCKET": daemon.socketPath]) { $1 },
            input: example.input != nil)
        if let input = example.input { try asking.write(input: input.text, close: !input.keepsOpen) }
        switch example.answer {
        case .submit(let value):
            let window = try person.nextWindow()["window"] ?? .null
            _ = try client.result("submit", ["window": window, "value": value])
        case .cancel:
            _ = try client.result("cancel", ["window": try person.nextWindow()["window"] ?? .null])
        case .none:
            break
        }
        let got = asking.finish(timeout: 60)
        // A hidden entry's or a password's text never reaches the daemon's log, list, history or events.
        #expect(try person.leaks(of: ["s3cret pin", "pw|1"]).isEmpty)
        #expect(got.stdout == expected.stdout, "\(example.name): stderr \(got.stderr)")
        #expect(got.status == expected.status, "\(example.name): stderr \(got.stderr)")
        if example.keys.isEmpty && expected.status == 255 {
            #expect(got.stderr == expected.stderr)
        }
    }
}
