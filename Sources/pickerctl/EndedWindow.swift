import PickerJSON
import PickerProtocol
import PickerTerminal

/// A window that has ended already, as pickerd's -32005 describes it in
/// `data.outcome` (never with a secure value: pickerd leaves it out there).
enum EndedWindow {
    /// The outcome a -32005 carries; nil for any other error.
    static func outcome(of error: RPCError) -> Outcome? {
        guard error.code == .alreadyDismissed, let json = error.data?[WireName.outcome] else { return nil }
        return Outcome(json: json)
    }

    /// `window w73 has already ended: submitted at 2026-11-27T10:02:11+01:00`, with no value.
    static func sentence(_ outcome: Outcome) -> String {
        "window \(outcome.window.rawValue) has already ended: \(outcome.reason.rawValue) at \(LocalTime.rfc3339(outcome.at))"
    }
}
