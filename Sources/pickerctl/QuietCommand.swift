import ArgumentParser
import PickerClient
import PickerProtocol
import PickerTerminal

/// `quiet [on] [--below LEVEL] [--for DUR | --until TIME]` and `quiet off`:
/// quiet hours, during which windows below a level wait and never become key.
struct QuietCommand: ClientCommand {
    enum Mode: String, ExpressibleByArgument, CaseIterable {
        case on, off
    }

    static let configuration = CommandConfiguration(
        commandName: "quiet",
        abstract:
            "Start quiet hours, when windows below a level wait and an alert breaks through; or end them (quiet off).",
        discussion: """
            While quiet hours last, open windows below the level wait (state waiting in \
            list): none of them becomes the key window, so pickerctl ui and other \
            front-ends leave them be, while a window at or above the level is answered as \
            usual. Their timeouts still run. pickerctl quiet alone starts quiet hours below \
            alert (everything but alerts waits) until pickerctl quiet off; given again, it \
            replaces the quiet hours in effect. --until takes an RFC 3339 time \
            (2026-11-23T07:00:00+01:00) or HH:MM on this machine's clock, today or, once \
            that has passed, tomorrow. Prints what is now in effect; pickerctl status shows \
            it too. Quiet hours survive a restart of pickerd. Needs the manage permission.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Turn quiet hours on or off.", valueName: "on|off"))
    var mode: Mode = .on
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Windows below this level wait: a level name or an integer, -5 too (default: alert).", valueName: "level"))
    var below: String?
    @Option(
        name: .customLong("for"), help: ArgumentHelp("End quiet hours after this long (1h30m).", valueName: "duration"),
        transform: DurationArgument.parse)
    var duration: DurationArgument?
    @Option(
        help: ArgumentHelp("End quiet hours then: RFC 3339, or HH:MM local time.", valueName: "time"),
        transform: QuietCommand.parseEnd)
    var until: Timestamp?

    static let defaultLevel = "alert"

    static func parseEnd(_ text: String) throws -> Timestamp {
        guard let end = Timestamp(rfc3339: text) ?? LocalTime.next(text, after: .now()) else {
            throw ValidationError(
                "write a time like 2026-11-23T07:00:00+01:00, or 07:00 for the next 7 o'clock on this machine's clock")
        }
        return end
    }

    func validate() throws {
        if mode == .off, below != nil || duration != nil || until != nil {
            throw ValidationError("quiet off takes no --below, --for or --until")
        }
        if duration != nil, until != nil { throw ValidationError("give --for or --until, not both") }
    }

    func run(with client: PickerClient) async throws {
        guard mode == .on else {
            try await client.quietOff()
            printLine(QuietLine.setting(nil))
            return
        }
        let end = until ?? duration?.nonZero.map { Timestamp.now().adding(milliseconds: $0.milliseconds) }
        let quietHours: QuietHours
        do throws(PickerClientError) {
            quietHours = try await client.quiet(below: LevelSpec(below ?? Self.defaultLevel), until: end)
        } catch {
            // Every param came from a flag: a refusal is a usage error.
            guard case .rpc(let refusal) = error, refusal.code == .invalidParams else { throw error }
            throw CommandFailure(status: ExitStatus.usage, sentence(for: refusal))
        }
        // The count needs `observe` as well; without it the line leaves it out.
        let waiting = (try? await client.status())?.waitingWindows
        printVisibleLine(QuietLine.setting(quietHours) + (waiting.map { " (\(QuietLine.windows($0)) waiting)" } ?? ""))
    }

    /// pickerd's refusal said with the flag the person typed, not the param.
    private func sentence(for refusal: RPCError) -> String {
        let field = refusal.data?[WireName.field]?.stringValue
        let flag = field == WireName.below.jsonKey ? "--below" : duration != nil ? "--for" : "--until"
        guard let field, refusal.message.hasPrefix(field) else { return refusal.message }
        return flag + refusal.message.dropFirst(field.count)
    }
}

/// How pickerctl says what quiet hours are in effect (`quiet`, `status`, `watch`).
enum QuietLine {
    /// `quiet below alert until 2026-11-23T07:00:00+01:00`, `quiet below
    /// alert, until `pickerctl quiet off``, or `quiet off`; times on this machine's clock.
    static func setting(_ quietHours: QuietHours?) -> String {
        guard let quietHours else { return "quiet off" }
        guard let until = quietHours.until else {
            return "quiet below \(quietHours.belowDescription), until `pickerctl quiet off`"
        }
        return "quiet below \(quietHours.belowDescription) until \(LocalTime.rfc3339(until))"
    }

    /// `1 window`, `3 windows`.
    static func windows(_ count: Int) -> String {
        count == 1 ? "1 window" : "\(count) windows"
    }
}
