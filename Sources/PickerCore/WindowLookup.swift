import PickerProtocol

/// What the model knows of a window id.
public enum WindowLookup: Sendable, Equatable {
    case open(WindowSummary)
    case dismissed(RecordedOutcome)
    case unknown
}
