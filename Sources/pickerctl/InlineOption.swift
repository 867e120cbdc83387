import ArgumentParser
import PickerClient
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Whether an asking command draws its picker right where it runs, on the
/// terminal (`InlinePicker`), or says once on stderr how to answer it
/// elsewhere (`WaitingHint`), as before.
struct InlineOption: ParsableArguments {
    enum Mode: String, CaseIterable {
        /// When stdin and stderr are terminals (stdout may be captured).
        case auto
        /// Whenever there is a terminal (/dev/tty) to draw on.
        case always
        /// Never: the one-line hint.
        case never
    }

    static let environmentName = "PICKERD_INLINE"

    @Option(
        help: ArgumentHelp(
            "Ask right here on the terminal, as gum does: auto (when stdin and stderr are terminals, even with stdout captured), always (whenever /dev/tty opens) or never (a one-line hint on stderr says how to answer). Default: $PICKERD_INLINE, else auto.",
            valueName: "auto|always|never"))
    var inline: String?

    func validate() throws {
        if let inline, Mode(rawValue: inline) == nil {
            throw ValidationError("--inline must be auto, always or never")
        }
    }

    /// --inline, else $PICKERD_INLINE, else auto.
    func mode() throws -> Mode {
        if let inline, let mode = Mode(rawValue: inline) { return mode }
        guard let value = POSIX.environment()[Self.environmentName], !value.isEmpty else { return .auto }
        guard let mode = Mode(rawValue: value) else {
            throw CommandFailure(
                status: ExitStatus.usage, "\(Self.environmentName) must be auto, always or never, not '\(value)'")
        }
        return mode
    }

    /// The picker to draw `window` in place, or nil for the hint: `never`,
    /// TERM=dumb (no cursor movement), not on terminals (`auto`), or no
    /// /dev/tty to draw on. `readsStandardInput`: the command reads its data
    /// there (`progress`), so `auto` draws when stderr is a terminal and
    /// stdin is not (a pipe), as zenity shows its bar for `seq … | zenity`.
    func picker(for window: WindowSummary, socketPath: String, readsStandardInput: Bool = false) throws
        -> InlinePicker?
    {
        let mode = try mode()
        guard mode != .never, POSIX.environment()["TERM"] != "dumb" else { return nil }
        if mode == .auto, isatty(0) != (readsStandardInput ? 0 : 1) || isatty(2) != 1 { return nil }
        return InlinePicker.open(window: window, socketPath: socketPath)
    }
}
