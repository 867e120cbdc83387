import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol
import PickerTerminal

struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The open windows, top of the stack first; * marks the key window.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON: {key, windows}.")
    var json = false

    func run() async throws {
        try await withClient(global) { client in
            if json {
                printJSON(try await client.sendForJSON(List()))
                return ExitStatus.submitted
            }
            let list = try await client.list()
            let now = Timestamp.now()
            var rows = [["", "ID", "LEVEL", "KIND", "STATE", "AGE", "DEADLINE", "TITLE"]]
            for window in list.windows {
                rows.append([
                    window.isKey ? "*" : "", window.window.rawValue, window.levelName ?? window.level.description, window.kind,
                    window.state.rawValue, Timestamps.span(from: window.createdAt, to: now),
                    window.deadline.map { "in " + Timestamps.span(from: now, to: $0) } ?? "-",
                    window.title,
                ])
            }
            for line in Table.lines(rows) { printLine(line) }
            return ExitStatus.submitted
        }
    }
}

struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get", abstract: "A window's summary, options and live value, as JSON.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The window.", valueName: "id"))
    var window: WindowID

    func run() async throws {
        try await withClient(global) { client in
            printJSON(try await client.sendForJSON(Get(window: window)))
            return ExitStatus.submitted
        }
    }
}

struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print events as they happen, one per line, until interrupted.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print each event as a JSON object.")
    var json = false
    @Option(help: ArgumentHelp("Only events whose type starts with this (window.dismissed, window.); repeatable.", valueName: "prefix"))
    var events: [String] = []

    func run() async throws {
        try await withClient(global) { client in
            let subscription = try await client.subscribe(events: events)
            for await event in subscription {
                if json {
                    printJSON(JSON.object(event.params))
                } else {
                    var details = ""
                    switch event.payload {
                    case .presented(let summary): details = " " + summary.title
                    case .changed(let value?): details = " " + value.serialized()
                    case .dismissed(let outcome): details = " " + outcome.reason.rawValue + (outcome.value.map { " " + $0.serialized() } ?? "")
                    case .none, .changed(nil), .reordered: break
                    }
                    printVisibleLine("\(event.seq) \(event.type.rawValue) \(event.window)\(details)")
                }
            }
            throw CommandFailure(status: ExitStatus.unreachable, "pickerd closed the connection")
        }
    }
}

struct HistoryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "history", abstract: "Recent outcomes, newest first.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON: {outcomes}.")
    var json = false
    @Option(help: "How many outcomes at most.")
    var limit = 50

    func run() async throws {
        try await withClient(global) { client in
            let outcomes = try await client.history(limit: limit)
            if json {
                printJSON(JSON.object(["outcomes": .array(outcomes.map(\.json))]))
                return ExitStatus.submitted
            }
            var rows = [["ID", "REASON", "AT", "VALUE"]]
            for outcome in outcomes {
                rows.append([outcome.window.rawValue, outcome.reason.rawValue, outcome.at.rfc3339, outcome.value.map { ValueFormatting.text(of: $0, kind: nil, separator: "\t") } ?? ""])
            }
            for line in Table.lines(rows) { printLine(line) }
            return ExitStatus.submitted
        }
    }
}

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "The daemon's version, uptime, windows and counters.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print the status as JSON.")
    var json = false

    func run() async throws {
        try await withClient(global) { client in
            if json {
                printJSON(try await client.sendForJSON(Status()))
                return ExitStatus.submitted
            }
            let status = try await client.status()
            printVisibleLine("pickerd \(status.version), up \(Timestamps.span(seconds: status.uptimeMilliseconds / 1000))")
            printVisibleLine(
                "windows: \(status.visibleWindows) visible, \(status.hiddenWindows) hidden; key \(status.key?.rawValue ?? "none")")
            printLine("connections: \(status.connections), subscriptions: \(status.subscriptions)")
            let counts = ["presented \(status.counters.presented)"]
                + OutcomeCounters.countedReasons.map { "\($0.rawValue) \(status.counters[$0])" }
            printLine(counts.joined(separator: ", "))
            return ExitStatus.submitted
        }
    }
}

struct PluginsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plugins", abstract: "The picker kinds the daemon offers.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print each kind with its JSON Schemas.")
    var json = false

    func run() async throws {
        try await withClient(global) { client in
            let plugins = try await client.plugins()
            if json {
                printJSON(JSON.array(plugins))
                return ExitStatus.submitted
            }
            let rows = plugins.map { plugin in
                [
                    plugin["kind"]?.stringValue ?? "?",
                    (plugin["base"]?.stringValue.map { "preset of \($0)" } ?? "built-in")
                        + (plugin["checked_by"] != nil ? ", external check" : ""),
                    plugin["summary"]?.stringValue ?? "",
                ]
            }
            for line in Table.lines(rows) { printLine(line) }
            return ExitStatus.submitted
        }
    }
}

struct PingCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "ping", abstract: "Check that the daemon answers; prints pong.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withClient(global) { client in
            try await client.ping()
            printLine("pong")
            return ExitStatus.submitted
        }
    }
}

struct BadgeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge", abstract: "The number of open windows, for a status bar: 0 when none, 99+ above 99.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await withClient(global) { client in
            let count = try await client.status().openWindows
            printLine(count > 99 ? "99+" : String(count))
            return ExitStatus.submitted
        }
    }
}
