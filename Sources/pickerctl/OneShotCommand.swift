import PickerClient
import PickerJSON
import PickerProtocol
import PickerTerminal

/// ping, badge and list once their command line is read, by ArgumentParser or
/// by `QuickCommandLine`: a short exchange with pickerd over a
/// `BlockingPickerClient`, on the main thread, so that a status bar or a
/// script polling them pays for little more than the exchange (issue 21).
enum OneShotCommand: Equatable {
    case ping
    case badge
    case list(json: Bool, tag: String?)

    /// Connects to `socket` (nil: the usual places), does the command, and
    /// returns the exit status; a failure has been printed as every command
    /// prints it (`CommandFailure`).
    func run(socket: String?) -> Int32 {
        do {
            let client = try BlockingPickerClient.connect(socketPath: socket)
            defer { client.close() }
            try perform(with: client)
            return ExitStatus.submitted
        } catch {
            let failure = CommandFailure(error)
            if let message = failure.message { printError(message) }
            return failure.status
        }
    }

    private func perform(with client: BlockingPickerClient) throws(PickerClientError) {
        switch self {
        case .ping:
            _ = try client.send(Ping())
            printLine("pong")
        case .badge:
            let count = try client.send(Status()).openWindows
            printLine(count > 99 ? "99+" : String(count))
        case .list(let json, let tag):
            try Self.list(with: client, json: json, tag: tag)
        }
    }

    private static func list(with client: BlockingPickerClient, json: Bool, tag: String?) throws(PickerClientError) {
        if json {
            var answer = try client.sendForJSON(List())
            if let tag, case .object(var object) = answer, let windows = object[WireName.windows]?.arrayValue {
                object[WireName.windows] = .array(windows.filter { $0[WireName.tag]?.stringValue == tag })
                answer = .object(object)
            }
            printJSON(answer)
            return
        }
        var windows = try client.send(List()).windows
        if let tag { windows = windows.filter { $0.tag == tag } }
        // The summaries do not say who asked; get does, one window at a
        // time (a window that ended meanwhile shows -).
        let askers = windows.map { window in
            (try? client.send(Get(window: window.window))).map { String($0.owner.pid) } ?? "-"
        }
        printListTable(windows, askers: askers)
    }

    private static func printListTable(_ windows: [WindowSummary], askers: [String]) {
        let now = Timestamp.now()
        var rows = [["", "ID", "LEVEL", "KIND", "STATE", "AGE", "DEADLINE", "TAG", "PID", "TITLE"]]
        for (window, asker) in zip(windows, askers) {
            rows.append([
                window.isKey ? "*" : "", window.window.rawValue, window.levelName ?? window.level.description,
                window.kind,
                window.state.rawValue, Timestamps.span(from: window.createdAt, to: now),
                window.deadline.map { "in " + Timestamps.span(from: now, to: $0) } ?? "-",
                window.tag ?? "-", asker, window.title,
            ])
        }
        Table.print(rows)
    }
}
