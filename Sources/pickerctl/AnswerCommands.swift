import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol

/// VALUE arguments shaped by the window's kind, as `submit` and `update` take them.
struct ValueArguments: ParsableArguments {
    @OptionGroup var global: GlobalOptions

    @Option(help: ArgumentHelp("The window (default: the key window).", valueName: "id"))
    var window: WindowID?

    @Flag(help: "Take the one VALUE as JSON, as it is.")
    var json = false

    @Flag(
        help: """
            Read the one VALUE from standard input instead, so that it is never in the command line \
            (a secret): all of it less one line break at the end, or one line typed without echo \
            from a terminal.
            """)
    var stdin = false

    // Every argument that is not one of the options above, so that a value may
    // start with '-' (-30min, -5) as written.
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "The value: for custom one per column, for actions the label. It may start with '-' (-30min); one that starts with '--' goes after --.",
            valueName: "value"))
    var captured: [String] = []

    /// The VALUEs: what was captured, less the `--` that ends the options.
    /// Before it, an unknown `--word` is a mistyped option, not a value.
    var values: [String] {
        get throws {
            let terminator = captured.firstIndex(of: "--") ?? captured.endIndex
            if let option = captured[..<terminator].first(where: { $0.hasPrefix("--") }) {
                throw ValidationError("unknown option '\(option)' (a VALUE that starts with -- goes after --)")
            }
            return Array(captured[..<terminator]) + captured[min(terminator + 1, captured.endIndex)...]
        }
    }

    func validate() throws {
        let values = try values
        if stdin, !values.isEmpty { throw ValidationError("give a VALUE or --stdin, not both") }
        if values.isEmpty, !stdin { throw ValidationError("give a VALUE (or --stdin to read it from standard input)") }
        if json, values.count > 1 { throw ValidationError("--json takes exactly one VALUE") }
    }

    /// Resolves the window and value, then submits or updates.
    func send(_ action: ValueAction) async throws {
        try await runCommand {
            // Read before connecting: a person typing a secret takes the time they need.
            let values = stdin ? [try StandardInputValue.read()] : try values
            let client = try global.connect()
            defer { client.close() }
            _ = try await client.hello(client: "pickerctl \(action)")
            let (window, value) = try await resolve(values, with: client)
            do {
                switch action {
                case .submit: _ = try await client.submit(window: window, value: value)
                case .update: _ = try await client.update(window: window, value: value)
                }
            } catch {
                guard case .rpc(let refusal)? = error as? PickerClientError, refusal.code == .invalidParams, !json
                else { throw error }
                let hint = "give one VALUE per column (submit Zhejiang Hangzhou), or --json with the array"
                throw CommandFailure(status: ExitStatus.rejected, ValueShaping.naming(hint, in: refusal.message))
            }
            return ExitStatus.submitted
        }
    }

    /// The window to act on, and the values in the shape its kind takes.
    func resolve(_ values: [String], with client: PickerClient) async throws -> (window: WindowID, value: JSON) {
        let target: WindowID
        if let window {
            target = window
        } else {
            guard let key = try await client.list().key else {
                throw CommandFailure(status: ExitStatus.rejected, "there is no key window; name one with --window")
            }
            target = key
        }
        if json { return (target, try parseJSONArgument(values[0], flag: "the VALUE")) }
        // A preset takes its values in the shape of the built-in kind it is made from.
        let summary = try await client.get(window: target).summary
        return (target, try ValueShaping.value(of: values, shape: summary.builtInKind, kind: summary.kind))
    }
}

/// What `submit` and `update` do with the value, which is all that tells them apart.
enum ValueAction {
    case submit, update
}

/// submit and update.
protocol ValueCommand: AsyncParsableCommand {
    static var action: ValueAction { get }
    var arguments: ValueArguments { get }
}

extension ValueCommand {
    func run() async throws {
        try await arguments.send(Self.action)
    }
}

struct SubmitCommand: ValueCommand {
    static let configuration = CommandConfiguration(
        commandName: "submit", abstract: "Answer a window (default: the key window); a rejected value exits 65.")

    static let action = ValueAction.submit

    @OptionGroup var arguments: ValueArguments
}

struct UpdateCommand: ValueCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Set a window's live selection without submitting it.")

    static let action = ValueAction.update

    @OptionGroup var arguments: ValueArguments
}

struct CancelCommand: ClientCommand {
    static let configuration = CommandConfiguration(
        commandName: "cancel", abstract: "Cancel a window (default: the key window).")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: OptionalWindowArgument

    func run(with client: PickerClient) async throws {
        _ = try await client.cancel(window: target.window)
    }
}

struct DismissCommand: ClientCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss",
        abstract: "Dismiss a window, all windows, a level's windows or a tag's windows; prints their ids.",
        discussion: """
            --tag dismisses every open window with that tag, hidden ones included (pickerctl \
            finds them with list, then dismisses them one by one; one that ended meanwhile \
            is left out). None dismissed prints nothing and exits 0.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: OptionalWindowArgument
    @Flag(help: "Dismiss every open window.")
    var all = false
    @Option(help: ArgumentHelp("Dismiss every window at this level.", valueName: "level"))
    var level: String?
    @Option(help: ArgumentHelp("Dismiss every open window with this tag.", valueName: "tag"))
    var tag: String?

    func validate() throws {
        if [target.window != nil, all, level != nil, tag != nil].filter({ $0 }).count != 1 {
            throw ValidationError("give one of: a window id, --all, --level or --tag")
        }
    }

    func run(with client: PickerClient) async throws {
        let dismissed: [WindowID]
        if let window = target.window {
            dismissed = try await client.dismiss(window: window)
        } else if let level {
            dismissed = try await client.dismiss(level: LevelSpec(level))
        } else if let tag {
            dismissed = try await dismiss(taggedWith: tag, with: client)
        } else {
            dismissed = try await client.dismissAll()
        }
        for id in dismissed { printLine(id.rawValue) }
    }

    private func dismiss(taggedWith tag: String, with client: PickerClient) async throws -> [WindowID] {
        var dismissed: [WindowID] = []
        for window in try await client.windows(taggedWith: tag) {
            do {
                dismissed += try await client.dismiss(window: window.window)
            } catch {
                // One that ended between list and dismiss is not dismissed by this.
                guard error.code == .noSuchWindow || error.code == .alreadyDismissed else { throw error }
            }
        }
        return dismissed
    }
}

struct SetLevelCommand: ClientCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-level", abstract: "Move a window to the top of another level.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: WindowArgument
    @Argument(help: ArgumentHelp("A level name or an integer.", valueName: "level"))
    var level: String

    func run(with client: PickerClient) async throws {
        do {
            _ = try await client.setLevel(window: target.window, to: LevelSpec(level))
        } catch {
            // The LEVEL argument is a flag value pickerd refuses: a usage error, as --level's.
            guard case .rpc(let refusal) = error, refusal.code == .invalidParams,
                refusal.data?[WireName.field]?.stringValue == WireName.level.jsonKey
            else {
                throw error
            }
            throw CommandFailure(status: ExitStatus.usage, refusal.message)
        }
    }
}

/// Unlike the others here, its exit status is the outcome's.
struct WaitCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "wait",
        abstract: "Wait for a window to end and print its value, as the asking commands do.",
        discussion: """
            --tag waits on the open window with that tag; when several have it, on the top \
            one (the one a person sees first). A window that has ended is found only by its \
            id: with none open with the tag, wait exits 65.
            """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var target: OptionalWindowArgument
    @Option(help: ArgumentHelp("Wait on the open window with this tag (the top one if several).", valueName: "tag"))
    var tag: String?
    @Option(
        help: ArgumentHelp("Give up after this long (exit 124; the window stays); 0 for never.", valueName: "duration"),
        transform: DurationArgument.parse)
    var timeout: DurationArgument?
    @OptionGroup var reconnection: ReconnectOption
    @Flag(help: "Print the whole outcome as JSON.")
    var json = false
    @Option(help: ArgumentHelp("Printed between a custom picker's choices.", valueName: "text"))
    var separator = "\t"

    func validate() throws {
        if (target.window == nil) == (tag == nil) {
            throw ValidationError("give the window's id or --tag (one of them)")
        }
    }

    func run() async throws {
        try await withClient(global) { client in
            var window = target.window
            if let tag { window = try await topWindow(taggedWith: tag, with: client) }
            let outcome: Outcome
            do {
                outcome = try await reconnection.outcome(
                    of: window!, from: client, timeoutMilliseconds: timeout?.nonZero?.milliseconds)
            } catch {
                // The --timeout as given (pickerd counts what remained of it: 999 ms for 1s).
                guard case .rpc(let refusal)? = error as? PickerClientError, refusal.code == .waitTimedOut else {
                    throw error
                }
                throw CommandFailure(
                    status: ExitStatus.timedOut,
                    "wait timed out after \(timeout.map(String.init(describing:)) ?? "its timeout"); window \(window!) may still be open"
                )
            }
            return OutcomePrinting.finish(
                outcome, kind: nil, json: json, separator: ValueFormatting.unescape(separator))
        }
    }

    private func topWindow(taggedWith tag: String, with client: PickerClient) async throws -> WindowID {
        guard let top = try await client.windows(taggedWith: tag).first else {
            throw CommandFailure(status: ExitStatus.rejected, "no open window has the tag '\(tag)'")
        }
        return top.window
    }
}
