/// What happens to a window when the connection that presented it closes
/// (`on_disconnect`).
public enum DisconnectPolicy: String, Sendable, Hashable, CaseIterable {
    case keep
    case dismiss
}
