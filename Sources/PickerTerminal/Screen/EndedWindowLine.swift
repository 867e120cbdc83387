import PickerJSON
import PickerProtocol

/// The line that says how the window on screen ended, shown above whatever
/// comes next: a person who looked away learns whether their answer counted.
enum EndedWindowLine {
    /// How long the line stays, in milliseconds.
    static let shownFor: Int64 = 4000

    /// "“Deploy” was answered elsewhere (pid 4242)". `ownPID` is this
    /// front-end's: what it ended itself is said as done here.
    static func sentence(title: String, outcome: Outcome, ownPID: Int32) -> String {
        let name = "“" + (title.split(whereSeparator: \.isNewline).first.map(String.init) ?? title) + "”"
        let here = outcome.by?.pid == ownPID
        let elsewhere = outcome.by.map { " elsewhere (pid \($0.pid))" } ?? " elsewhere"
        switch outcome.reason {
        case .submitted: return here ? "\(name) was submitted" : "\(name) was answered\(elsewhere)"
        case .cancelled: return here ? "\(name) was cancelled" : "\(name) was cancelled\(elsewhere)"
        case .timeout:
            return outcome.value != nil
                ? "\(name) timed out; its default was used" : "\(name) timed out without an answer"
        case .dismissed: return "\(name) was dismissed" + (here ? "" : elsewhere)
        case .ownerGone: return "\(name) ended: the script that asked is gone"
        case .shutdown: return "\(name) ended: pickerd shut down"
        }
    }

    /// ✓ for an answer, – for anything else.
    static func mark(for reason: OutcomeReason) -> String {
        reason == .submitted ? "✓ " : "– "
    }
}
