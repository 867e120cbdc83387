import Foundation
import Testing

/// `pickerctl ui` in tmux against a daemon of its own, for the tests that
/// answer pickers with keys: made once the UI is drawn and waiting for a
/// picker; `ask` starts a pickerctl asking command beside it.
public struct TerminalFrontEnd: Sendable {
    public let daemon: DaemonProcess
    /// The tmux window the UI is drawn in.
    public let ui: TmuxSession

    /// `uiArguments` are added to `pickerctl ui`'s (`--grace 5s`); `daemon`
    /// is one the test started (else a fresh one).
    public init(uiArguments: [String] = [], daemon: DaemonProcess? = nil) throws {
        let daemon = try daemon ?? DaemonProcess()
        let command = ([DaemonProcess.executable("pickerctl").path, "ui", "--socket", daemon.socketPath] + uiArguments)
            .joined(separator: " ")
        (self.daemon, ui) = (daemon, try TmuxSession(command))
        guard try ui.waitFor("No picker is waiting.") != nil else {
            throw TestFailure("pickerctl ui never said it was waiting:\n\(try ui.screen())")
        }
    }

    /// `pickerctl ARGUMENTS` against the daemon, left running.
    public func ask(_ arguments: [String]) throws -> CommandLineProcess {
        try CommandLineProcess("pickerctl", ["--socket", daemon.socketPath] + arguments)
    }
}

/// A suite of tests against a fresh `TerminalFrontEnd` each: its daemon, its
/// UI and its `ask`, without each suite forwarding them itself. A suite
/// declares `let frontEnd: TerminalFrontEnd`; its memberwise init serves.
public protocol TerminalFrontEndSuite {
    var frontEnd: TerminalFrontEnd { get }
    init(frontEnd: TerminalFrontEnd)
}

extension TerminalFrontEndSuite {
    /// What Swift Testing calls for each test.
    public init() throws {
        self.init(frontEnd: try TerminalFrontEnd())
    }

    public var daemon: DaemonProcess { frontEnd.daemon }
    public var ui: TmuxSession { frontEnd.ui }

    public func ask(_ arguments: [String]) throws -> CommandLineProcess {
        try frontEnd.ask(arguments)
    }

    /// Presses Enter in the UI and expects `asking` to succeed with `stdout`.
    public func expectAnswer(
        _ asking: CommandLineProcess, _ stdout: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try ui.send("Enter")
        let result = asking.finish()
        #expect(result.status == 0 && result.stdout == stdout, sourceLocation: sourceLocation)
    }
}
