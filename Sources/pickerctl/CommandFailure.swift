import ArgumentParser
import PickerClient
import PickerJSON
import PickerProtocol
import PickerSystem
import PickerTerminal

#if canImport(Glibc)
import Glibc
#endif

/// Exit statuses of DESIGN.md's contract.
enum ExitStatus {
    static let submitted: Int32 = 0
    static let ended: Int32 = 1
    static let usage: Int32 = 64
    /// A value the picker rejected, no such window, or a window that has ended already.
    static let rejected: Int32 = 65
    static let unreachable: Int32 = 69
    static let internalError: Int32 = 70
    static let permissionDenied: Int32 = 77
    /// reload: the config pickerd read is bad (sysexits' EX_CONFIG).
    static let badConfig: Int32 = 78
    static let timedOut: Int32 = 124
    /// Ctrl-C in the inline picker, as a shell reports SIGINT.
    static let interrupted: Int32 = 130
}

/// A failure printed as one sentence on stderr, with the contract's exit status.
struct CommandFailure: Error {
    var status: Int32
    var message: String?

    init(status: Int32, _ message: String?) {
        self.status = status
        self.message = message
    }

    init(_ error: PickerClientError) {
        message = error.description
        switch error {
        case .unreachable: status = ExitStatus.unreachable
        case .socketPermissionDenied, .untrustedServer: status = ExitStatus.permissionDenied
        case .disconnected: status = ExitStatus.unreachable
        case .daemonGone(let window, let seconds):
            status = ExitStatus.unreachable
            message =
                "pickerd went away and did not come back within \(seconds)s (--reconnect); the window is kept: once pickerd runs again, `pickerctl wait \(window)` prints its answer"
        case .windowLost: status = ExitStatus.ended
        case .invalidHost: status = ExitStatus.usage
        // The command was interrupted; its window was dismissed.
        case .cancelled: status = ExitStatus.ended
        case .protocolViolation: status = ExitStatus.internalError
        case .rpc(let rpc):
            switch rpc.code {
            case .permissionDenied: status = ExitStatus.permissionDenied
            case .invalidParams, .noSuchWindow: status = ExitStatus.rejected
            case .unknownKind: status = ExitStatus.usage
            // Refused, not a cancel: the command did nothing to a window that ended before.
            case .alreadyDismissed:
                status = ExitStatus.rejected
                if let outcome = EndedWindow.outcome(of: rpc) { message = EndedWindow.sentence(outcome) }
            case .waitTimedOut: status = ExitStatus.timedOut
            case .limitReached: status = ExitStatus.unreachable
            case .browseUnavailable: status = ExitStatus.unreachable
            case .parseError, .invalidRequest, .methodNotFound, .internalError, .lineTooLong:
                status = ExitStatus.internalError
            }
        }
    }
}

/// Should one ever reach ArgumentParser (thrown from validate()), it prints
/// the sentence, not the struct.
extension CommandFailure: CustomStringConvertible {
    var description: String { message ?? "failed" }
}

/// Runs a command body, turning failures into a message on stderr and an exit status.
func runCommand(_ body: () async throws -> Int32) async throws {
    let status: Int32
    do {
        status = try await body()
    } catch let failure as CommandFailure {
        if let message = failure.message { printError(message) }
        throw ExitCode(failure.status)
    } catch let error as PickerClientError {
        let failure = CommandFailure(error)
        if let message = failure.message { printError(message) }
        throw ExitCode(failure.status)
    }
    try exitUnlessSuccess(status)
}

/// Returns for status 0; any other is thrown for `Pickerctl.main` to exit with.
func exitUnlessSuccess(_ status: Int32) throws {
    if status != 0 { throw ExitCode(status) }
}

func exitProcess(_ status: Int32) -> Never {
    exit(status)
}

/// Connects, runs `body` with the client, closes, and exits as `body` says.
func withClient(_ global: GlobalOptions, _ body: (PickerClient) async throws -> Int32) async throws {
    try await runCommand {
        let client = try global.connect()
        defer { client.close() }
        return try await body(client)
    }
}

/// One line on stderr for a person. Messages may quote what others wrote (a
/// rejected value, a title), so control characters show visibly.
func printError(_ message: String) {
    writeAll("pickerctl: \(VisibleText.of(message))\n", to: 2)
}

/// A line for a person to read (a table row, an event): control characters
/// from titles, choices and values show visibly.
func printVisibleLine(_ text: String) {
    printLine(VisibleText.of(text))
}

/// JSON output: the exact value, with characters a terminal would act on
/// written as `\u` escapes, so it is safe to print on a terminal too.
func printJSON(_ json: JSON) {
    printLine(VisibleText.json(json.serialized()))
}

/// Writes a line to stdout in one write, so it is out at once (watch is read
/// line by line) and lines never interleave.
func printLine(_ text: String) {
    writeAll(text + "\n", to: 1)
}

private func writeAll(_ text: String, to descriptor: Int32) {
    POSIX.writeAll(Array(text.utf8), to: descriptor)
}
