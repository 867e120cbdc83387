import PickerProtocol

/// Why the model refused an operation. Each case maps to one protocol error code.
public enum PickerError: Error, Sendable, Equatable {
    /// Bad params, or a value or option a plugin rejects (-32602). `field` names
    /// what was wrong (`options`, `default`, a form field's name).
    case invalidParams(String, field: String? = nil)
    /// No such window (-32004); a nil id means there is no key window.
    case noSuchWindow(WindowID?)
    /// The window was already dismissed (-32005).
    case alreadyDismissed(RecordedOutcome)
    /// No plugin for the kind (-32007).
    case unknownKind(String, known: [String])
    /// A configured limit was reached (-32006); `limit` is its config key.
    case limitReached(String, limit: Limit)
    /// An update or submit of a window its asker moves (a `progress`), from
    /// another connection (-32002, `data.needs`: `owner`).
    case notTheAsker(WindowID)

    /// One sentence a person can act on.
    public var message: String {
        switch self {
        case .invalidParams(let message, _):
            return message
        case .noSuchWindow(let id?):
            return "no window \(id.rawValue); run list to see the open windows"
        case .noSuchWindow(nil):
            return "there is no key window; name a window or present one first"
        case .alreadyDismissed(let outcome):
            // Not "dismissed", which reads like a cancel: every ended window answers so.
            let window = outcome.window.rawValue
            return
                "window \(window) has already ended (\(outcome.reason.rawValue) at \(outcome.at.rfc3339)) and takes no more requests; wait on \(window) gives its outcome"
        case .unknownKind(let kind, let known):
            return "unknown picker kind '\(kind)'; known kinds are \(known.joined(separator: ", "))"
        case .limitReached(let message, _):
            return message
        case .notTheAsker(let id):
            return
                "window \(id.rawValue) is moved by its asker: only the connection that presented it (or took it back with wait) may update or submit it; cancel it instead"
        }
    }
}
