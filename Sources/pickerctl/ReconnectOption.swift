import ArgumentParser
import PickerClient
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// How long a waiting command waits for pickerd to come back when its
/// connection ends (a restart): it reconnects and picks up its window.
struct ReconnectOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "If pickerd goes away while waiting, how long to wait for it to come back before exiting 69; 0 to exit at once.",
            valueName: "duration"),
        transform: DurationArgument.parse)
    var reconnect = DurationArgument(milliseconds: 30_000)

    /// The window's outcome, waited for on `client` and, after a restart of
    /// pickerd, on new connections, each handed on to `connections`.
    func outcome(
        of window: WindowID, from client: PickerClient, timeoutMilliseconds: Int64? = nil,
        handingOnTo connections: AskerConnections? = nil
    ) async throws -> Outcome {
        try await client.outcomeSurvivingRestarts(
            of: window, reconnectingFor: reconnect.duration, timeoutMilliseconds: timeoutMilliseconds,
            handingOnTo: connections
        ) {
            if isatty(2) == 1 {
                printError(
                    "pickerd went away; waiting up to \(reconnect.description) for it to come back with window \(window)"
                )
            }
        }
    }
}
