/// The types of event a subscription receives (PROTOCOL.md, "Events").
public enum EventType: String, Sendable, Hashable, CaseIterable {
    case presented = "window.presented"
    case shown = "window.shown"
    case hidden = "window.hidden"
    case key = "window.key"
    case resignedKey = "window.resigned_key"
    case reordered = "window.reordered"
    case changed = "window.changed"
    case dismissed = "window.dismissed"
    /// Quiet hours began, changed or ended: an event of the daemon, not of
    /// one window (its `window` is null).
    case quietChanged = "quiet.changed"

    /// Whether events of this type are about one window.
    public var isAboutAWindow: Bool { self != .quietChanged }
}
