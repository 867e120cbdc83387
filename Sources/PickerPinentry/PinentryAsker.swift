/// A window pinentry asks a person to answer: a secure text field (GETPIN)
/// or a set of buttons (CONFIRM, MESSAGE).
public struct PinentryQuestion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// A secret typed in; `placeholder` is gpg-agent's prompt ("Passphrase:").
        case secret(placeholder: String?)
        /// Buttons, the first the default and `cancelIndex` the one that cancels
        /// (none for a notice, which has one button).
        case buttons([String], cancelIndex: Int?)
    }

    public var kind: Kind
    public var title: String
    public var message: String
    /// SETTIMEOUT's seconds, 0 for none.
    public var timeoutSeconds: Int
    /// Who asks: once they are gone, no one waits for the answer.
    public var askedBy: Requester

    // Made by this module's dialogs alone, through the memberwise init Swift writes.
}

/// How a question's window ended.
public enum PinentryAnswer: Sendable, Equatable {
    /// The secret typed (GETPIN). Never printed or logged.
    case secret(String)
    /// The button chosen (CONFIRM, MESSAGE), by its place.
    case button(Int)
    /// Cancelled, dismissed, or gone without an answer (also: the asker went away).
    case cancelled
    case timedOut
    /// The process that asked is gone, so its window was dismissed; the sentence says who.
    case askerGone(String)
    /// pickerd could not be asked; the sentence says why.
    case unavailable(String)
}

/// Who shows pinentry's questions: pickerd (`PickerdAsker`), or a test's script.
public protocol PinentryAsker {
    mutating func ask(_ question: PinentryQuestion) -> PinentryAnswer
}
