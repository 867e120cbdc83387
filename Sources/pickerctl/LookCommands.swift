import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol
import PickerTerminal

/// history, status and plugins: the daemon's answer to one request, as it
/// wrote it with --json, else for a person.
protocol ReportCommand: ClientCommand {
    associatedtype Request: PickerMethod
    var json: Bool { get }
    var request: Request { get }
    func printForPerson(_ answer: Request.Result)
}

extension ReportCommand {
    func run(with client: PickerClient) async throws {
        if json {
            printJSON(try await client.sendForJSON(request))
        } else {
            printForPerson(try await client.send(request))
        }
    }
}

struct ListCommand: OneShotParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "The open windows, top of the stack first; * marks the key window.",
        discussion: """
            The table shows each window's tag and PID, the process that asked (for a \
            restored window, the one that asked before the restart). --tag keeps the \
            windows with that tag (pickerctl filters: the protocol's list has no tag \
            param); with --json the windows array is filtered and key is left as pickerd \
            said, the key window of the whole stack.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON: {key, windows}, as pickerd wrote it.")
    var json = false
    @Option(help: ArgumentHelp("Only the windows with this tag.", valueName: "tag"))
    var tag: String?

    var oneShot: OneShotCommand { .list(json: json, tag: tag) }
}

struct GetCommand: ClientCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "A window's summary, options, live value and owner, as JSON (default: the key window).",
        discussion: """
            Prints pickerd's answer to get as it wrote it, with or without --json. Without \
            an id, pickerctl asks list for the key window first; when there is none it \
            says so and exits 65, as submit and cancel do. A window that has ended, while \
            pickerd keeps its outcome, prints {"outcome": {...}} (its value only when it \
            is not secure) and exits 0.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: OptionalWindowArgument
    @Flag(help: "Print JSON (as get always does; accepted as list --json is).")
    var json = false

    func run(with client: PickerClient) async throws {
        var window = target.window
        if window == nil { window = try await client.keyWindow(naming: "get") }
        do {
            printJSON(try await client.sendForJSON(Get(window: window!)))
        } catch {
            // A retained ended window: its outcome as pickerd describes it to
            // anyone (the value only when it is not secure).
            guard case .rpc(let refusal) = error, refusal.code == .alreadyDismissed,
                let outcome = refusal.data?[WireName.outcome]
            else {
                throw error
            }
            printJSON(.object(JSONObject([WireName.outcome: outcome])))
        }
    }
}

struct WatchCommand: ClientCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch", abstract: "Print events as they happen, one per line, until interrupted.")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print each event as a JSON object.")
    var json = false
    @Option(
        help: ArgumentHelp(
            "Only events whose type starts with this (window.dismissed, window.); repeatable.", valueName: "prefix"))
    var events: [String] = []

    func run(with client: PickerClient) async throws {
        let subscription = try await client.subscribe(events: events)
        for await event in subscription {
            if json {
                printJSON(JSON.object(event.params))
            } else {
                var details = ""
                switch event.payload {
                case .presented(let summary): details = " " + summary.title
                case .changed(let value?): details = " " + value.serialized()
                case .dismissed(let outcome):
                    details = " " + outcome.reason.rawValue + (outcome.value.map { " " + $0.serialized() } ?? "")
                case .quietChanged(let quietHours): details = " " + QuietLine.setting(quietHours)
                case .none, .changed(nil), .reordered: break
                }
                printVisibleLine("\(event.seq) \(event.type.rawValue) \(event.window?.rawValue ?? "-")\(details)")
            }
        }
        throw CommandFailure(status: ExitStatus.unreachable, "pickerd closed the connection")
    }
}

struct HistoryCommand: ReportCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Recent outcomes, newest first, with each window's kind and title.",
        discussion: """
            BY is who answered: the user (or uid) and, after "via", the front-end it \
            answered through (pickerctl ui, pickerweb, pickerctl notify, pickerctl submit…); \
            and, after "from", the remote host an answer relayed by pickerctl dial-stdio came from (the ssh \
            client's address); empty for a timeout. Only the user (the uid) is the kernel's: "via" is the \
            client's own word, "from" the relay's, and any program on this machine may relay. A secure value is never shown. An outcome kept by an older \
            pickerd has no kind or title, and its BY no front-end.
            """)

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Print JSON: {outcomes}.")
    var json = false
    @Option(help: "How many outcomes at most.")
    var limit = 50
    var request: History { History(limit: limit) }

    func printForPerson(_ outcomes: [Outcome]) {
        var rows = [["ID", "KIND", "REASON", "AT", "BY", "TITLE", "VALUE"]]
        for outcome in outcomes {
            let by = outcome.by.map { by in
                (by.user ?? "uid \(by.uid)") + (by.client.map { " via \($0)" } ?? "")
                    + (by.remote.map { " from \($0)" } ?? "")
            }
            rows.append([
                outcome.window.rawValue, outcome.kind ?? "", outcome.reason.rawValue, outcome.at.rfc3339, by ?? "",
                outcome.title ?? "",
                outcome.value.map { ValueFormatting.text(of: $0, kind: nil, separator: "\t") } ?? "",
            ])
        }
        Table.print(rows)
    }
}

/// A method without params whose answer a pickerctl subcommand of its name
/// prints (`status`, `plugins`), or gives as JSON with --json.
protocol ReportedMethod: ParameterlessMethod {
    static var abstract: String { get }
    /// The help of --json: what it prints.
    static var jsonHelp: String { get }
    static func printForPerson(_ answer: Result)
}

/// `status` and `plugins`: each sends its method, which it is named after,
/// and prints the answer.
struct ReportMethodCommand<Method: ReportedMethod>: ReportCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Method.name, abstract: Method.abstract)
    }

    @OptionGroup var global: GlobalOptions
    @Flag(help: ArgumentHelp(Method.jsonHelp))
    var json = false
    var request: Method { Method() }

    func printForPerson(_ answer: Method.Result) { Method.printForPerson(answer) }
}

extension Status: ReportedMethod {
    static let abstract = "The daemon's version, uptime, windows and counters."
    static let jsonHelp = "Print the status as JSON."

    static func printForPerson(_ status: DaemonStatus) {
        printVisibleLine("pickerd \(status.version), up \(Timestamps.span(seconds: status.uptimeMilliseconds / 1000))")
        let waiting = status.quiet != nil || status.waitingWindows > 0 ? ", \(status.waitingWindows) waiting" : ""
        printVisibleLine(
            "windows: \(status.visibleWindows) visible\(waiting), \(status.hiddenWindows) hidden; key \(status.key?.rawValue ?? "none")"
        )
        printVisibleLine(QuietLine.setting(status.quiet))
        printLine("connections: \(status.connections), subscriptions: \(status.subscriptions)")
        let counts =
            ["presented \(status.counters.presented)"]
            + OutcomeCounters.countedReasons.map { "\($0.rawValue) \(status.counters[$0])" }
        printLine(counts.joined(separator: ", "))
    }
}

extension Plugins: ReportedMethod {
    static let abstract = "The picker kinds the daemon offers."
    static let jsonHelp = "Print each kind with its JSON Schemas."

    static func printForPerson(_ plugins: [PluginDescription]) {
        let rows = plugins.map { plugin in
            [
                plugin.kind,
                (plugin.base.map { "preset of \($0)" } ?? "built-in")
                    + (plugin.checkedBy != nil ? ", external check" : ""),
                plugin.summary,
            ]
        }
        Table.print(rows)
    }
}

struct PingCommand: OneShotParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ping", abstract: "Check that the daemon answers; prints pong.")

    @OptionGroup var global: GlobalOptions

    var oneShot: OneShotCommand { .ping }
}

struct BadgeCommand: OneShotParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "badge", abstract: "The number of open windows, for a status bar: 0 when none, 99+ above 99.")

    @OptionGroup var global: GlobalOptions

    var oneShot: OneShotCommand { .badge }
}
