import PickerProtocol

/// Why a typed ask (`askDate`, `askText`, `choose`, …) gave no answer.
///
/// ```swift
/// do {
///     let day = try await client.askDate(title: "Deploy on", min: "today")
/// } catch .ended(let outcome) {
///     print("no date: the window was \(outcome.reason)")
/// }
/// ```
public enum AskError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The window ended without an answer: the person cancelled it, it timed
    /// out, someone dismissed it, pickerd stopped. Its outcome says how
    /// (`reason`) and who (`by`).
    case ended(Outcome)
    /// The call failed: pickerd is unreachable or refused the question
    /// (`.rpc`: an option it does not accept), the task was cancelled
    /// (`.cancelled`; the window is dismissed), or the answer was not of the
    /// kind's shape (`.protocolViolation`).
    case failed(PickerClientError)

    /// How the window ended, when it ended without an answer.
    public var reason: OutcomeReason? {
        guard case .ended(let outcome) = self else { return nil }
        return outcome.reason
    }

    public var description: String {
        switch self {
        case .ended(let outcome): return "window \(outcome.window) ended without an answer (\(outcome.reason.rawValue))"
        case .failed(let error): return error.description
        }
    }
}
