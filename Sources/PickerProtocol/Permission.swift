/// What a connection may do (PROTOCOL.md, "Permissions").
public enum Permission: String, Sendable, Hashable, CaseIterable, Comparable {
    /// `present` windows.
    case present
    /// update, submit or cancel a window someone else presented.
    case answer
    /// dismiss, raise, lower, hide, show or set_level a window someone else presented.
    case manage
    /// list, get, subscribe, history, status (and wait on others' windows).
    case observe
    /// reload the config.
    case admin
    /// present or set_level above `statusBar`, where a window covers the
    /// password agent's and shows through quiet hours.
    case alert

    public static func < (lhs: Permission, rhs: Permission) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
