import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem
import PickerTerminal

/// zenity's command line over pickerd: what `pickerd-zenity` and `pickerctl
/// zenity` do. The dialog becomes a window (`ZenityDialog`), at level
/// normal, tagged `zenity`, dismissed when this program dies; what zenity
/// would print goes to stdout and its exit status is returned: 0 OK, 1
/// Cancel or a closed (dismissed) window, 5 `--timeout`, 255 a usage error
/// (zenity's sentence on stderr) or no pickerd.
public enum Zenity {
    public static let tag = "zenity"

    /// Runs `arguments` (argv after the program's name) through the pickerd
    /// at `socketPath` (nil: PICKERD_SOCKET or the usual places); `name`
    /// begins pickerd-zenity's own sentences on stderr (zenity's are bare).
    /// `standardInput` gives a list's rows when the command line has none.
    public static func run(
        arguments: [String], socketPath: String?, name: String, standardInput: () -> [String] = readLines
    ) async -> Int32 {
        let commandLine: ZenityCommandLine
        let window: ZenityWindow
        do throws(ZenityUsageError) {
            commandLine = try ZenityCommandLine(parsing: arguments)
            switch commandLine.request {
            case .version:
                return write(ZenityCommandLine.version + "\n") ? ZenityAnswer.ok : ZenityAnswer.failed
            case .help:
                return write(help) ? ZenityAnswer.ok : ZenityAnswer.failed
            case .dialog(let dialog):
                window = try ZenityWindow(dialog, commandLine, standardInput: standardInput)
            }
        } catch {
            say(error.sentence + "\n")
            return ZenityAnswer.failed
        }

        let answer: ZenityAnswer
        do {
            if let progress = window.dialog as? ZenityProgress {
                answer = try await progress.ask(in: window, socketPath: socketPath, name: name)
            } else {
                answer = try ask(window, socketPath: socketPath, name: name)
            }
        } catch let error as PickerClientError {
            say("\(name): \(error.description)\n")
            return ZenityAnswer.failed
        } catch {
            say("\(name): \(error)\n")
            return ZenityAnswer.failed
        }
        // The complaint quotes a path a front-end typed: nothing in it reaches the terminal raw.
        if !answer.complaint.isEmpty { say("\(name): \(VisibleText.of(answer.complaint))\n") }
        guard write(answer.output) else {
            say("\(name): cannot write the answer: \(POSIX.message())\n")
            return ZenityAnswer.failed
        }
        return answer.status
    }

    /// Asks a one-shot dialog's window and waits for its outcome; a `file`
    /// window's asker answers pickerd's `browse` requests meanwhile.
    private static func ask(_ window: ZenityWindow, socketPath: String?, name: String) throws(PickerClientError)
        -> ZenityAnswer
    {
        let client = try BlockingPickerClient.connect(socketPath: socketPath)
        defer { client.close() }
        client.requestHandler = window.dialog.requestHandler
        let limits = try client.send(Hello(client: name))
        var window = window
        while true {
            let outcome: Outcome
            switch try client.send(window.presentation(limits: limits)) {
            case .window(let shown): outcome = try client.send(Wait(window: shown.window))
            case .outcome(let ended): outcome = ended
            }
            // A dialog may ask once more (a file to save over, not confirmed).
            guard let again = window.dialog.askingAgain(after: outcome) else { return window.answer(to: outcome) }
            window.dialog = again
        }
    }

    /// Standard input's lines (a list's cells, one a line, as zenity reads them).
    public static func readLines() -> [String] {
        var lines: [String] = []
        while let line = readLine(strippingNewline: true) { lines.append(line) }
        return lines
    }

    /// A sentence on stderr (zenity's usage errors are bare sentences too).
    private static func say(_ text: String) {
        _ = POSIX.writeAll(Array(text.utf8), to: 2)
    }

    private static func write(_ text: String) -> Bool {
        text.isEmpty || POSIX.writeAll(Array(text.utf8), to: 1)
    }

    static let help = """
        Usage: zenity [OPTION…] (pickerd-zenity: zenity 3.44's command line, asked through pickerd)

        Dialogs: --entry, --password, --question, --info, --warning, --error, --calendar, --list,
        --forms, --scale, --progress, --file-selection. See docs/zenity.md for every option and what it becomes.

        """
}
