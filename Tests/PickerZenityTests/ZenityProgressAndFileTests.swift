import Foundation
import PickerJSON
import PickerTestSupport
import Testing

/// What the comparison suite cannot drive from zenity's keyboard reliably:
/// the OK a finished progress waits for, `--auto-kill`, the browse a
/// file-selection answers, and `--confirm-overwrite`'s question.
@Suite(.tags(.process), .timeLimit(.minutes(5))) struct ZenityProgressAndFileTests {
    func asking(_ arguments: [String], daemon: DaemonProcess, input: String? = nil) throws -> CommandLineProcess {
        let process = try CommandLineProcess(
            "pickerd-zenity", arguments, environment: ["PICKERD_SOCKET": daemon.socketPath], input: input != nil)
        if let input { try process.write(input: input) }
        return process
    }

    @Test func aProgressWithoutAutoCloseWaitsForTheOKOnceInputEnds() throws {
        let daemon = try DaemonProcess()
        let person = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
        for (answer, status) in [("OK", Int32(0)), ("", 1)] {
            let progress = try asking(
                ["--progress", "--title=Backup", "--ok-label=OK"], daemon: daemon, input: "30\n# almost\n")
            // The progress ends full when input ends; the sheet that follows says its last text.
            var sheet = JSON.null
            try eventually("the OK sheet", timeout: 60) {
                sheet = try person.windows().first { $0["kind"] == "actions" } ?? .null
                return sheet != .null
            }
            let details = try person.details(sheet)
            #expect(details["title"] == "Backup" && details["message"] == "almost" && details["tag"] == "zenity")
            #expect(progress.isRunning)
            if answer.isEmpty { try person.cancel(sheet) } else { try person.choose(answer, in: sheet) }
            let result = progress.finish(timeout: 60)
            #expect(result.stdout.isEmpty && result.status == status, "\(result.stderr)")
        }
    }

    @Test func autoKillHangsUpTheScriptWhenThePersonCancels() throws {
        let daemon = try DaemonProcess()
        let person = try ScriptedPerson(daemon: daemon, client: try TestClient(socketPath: daemon.socketPath))
        let zenity = DaemonProcess.executable("pickerd-zenity").path
        // Its input stays open (never written): the work goes on until the person cancels.
        let script = try CommandLineProcess(
            program: "/bin/sh", ["-c", "\"$0\" --progress --auto-kill; echo survived $?", zenity],
            environment: ["PICKERD_SOCKET": daemon.socketPath], input: true)
        try person.cancel(try person.nextWindow())
        let result = script.finish(timeout: 60)
        #expect(!result.stdout.contains("survived"), "\(result.stdout) \(result.stderr)")
        // Without it the script goes on, told 1.
        let spared = try CommandLineProcess(
            program: "/bin/sh", ["-c", "\"$0\" --progress; echo survived $?", zenity],
            environment: ["PICKERD_SOCKET": daemon.socketPath], input: true)
        try person.cancel(try person.nextWindow())
        #expect(spared.finish(timeout: 60).stdout == "survived 1\n")
    }

    @Test func aFileSelectionListsItsDirectoriesForThePerson() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let person = try ScriptedPerson(daemon: daemon, client: client)
        FileManager.default.createFile(atPath: ZenityFiles.path(".hidden.png"), contents: Data())
        let selection = try asking(
            ["--file-selection", "--filename=\(ZenityFiles.directory)/", "--file-filter=Pictures | *.png"],
            daemon: daemon)
        let window = try person.nextWindow()
        #expect(try person.details(window)["options"]?["start"] == .string(ZenityFiles.directory))
        let listing = try client.result(
            "browse", ["window": window["window"] ?? .null, "path": .string(ZenityFiles.directory)])
        let names = listing["entries"]?.arrayValue?.compactMap { $0["name"]?.stringValue }
        #expect(names == ["pair", "sub", "b.png"])
        // A path that is not there (a front-end's typing) is not printed; its escape is shown, not obeyed.
        _ = try client.result(
            "submit", ["window": window["window"] ?? .null, "value": .string(ZenityFiles.path("gone\u{1B}[2J.png"))])
        let result = selection.finish(timeout: 60)
        #expect(result.stdout.isEmpty && result.status == 1)
        #expect(result.stderr.contains("does not exist") && !result.stderr.contains("\u{1B}"), "\(result.stderr)")
    }

    @Test func confirmOverwriteAsksBeforeAnExistingNameIsPrinted() throws {
        let daemon = try DaemonProcess()
        let client = try TestClient(socketPath: daemon.socketPath)
        let person = try ScriptedPerson(daemon: daemon, client: client)
        let selection = try asking(
            ["--file-selection", "--save", "--confirm-overwrite", "--filename=\(ZenityFiles.directory)/"],
            daemon: daemon)
        let first = try person.nextWindow()
        _ = try client.result(
            "submit", ["window": first["window"] ?? .null, "value": .string(ZenityFiles.path("a.txt"))])
        let question = try person.nextWindow(after: [first])
        #expect(
            try person.details(question)["message"]?.stringValue?.hasPrefix("A file named “a.txt” already exists")
                == true)
        // Cancel goes back to choosing, as GTK's chooser stays open.
        try person.cancel(question)
        let again = try person.nextWindow(after: [first, question])
        #expect(try person.details(again)["kind"] == "file")
        _ = try client.result(
            "submit", ["window": again["window"] ?? .null, "value": .string(ZenityFiles.path("a.txt"))])
        try person.choose("Replace", in: try person.nextWindow(after: [first, question, again]))
        let result = selection.finish(timeout: 60)
        #expect(result.stdout == ZenityFiles.path("a.txt") + "\n" && result.status == 0, "\(result.stderr)")
    }
}
