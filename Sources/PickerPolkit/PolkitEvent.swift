/// What polkit and its helper say about a request once it began.
enum PolkitEvent: Sendable, Equatable {
    /// `CancelAuthentication`: the asker gave up.
    case cancelled
    /// PAM asks (usually "Password: "); `echo` when what is typed may be shown.
    case prompt(String, echo: Bool)
    /// PAM's information.
    case info(String)
    /// PAM's error message.
    case error(String)
    /// The helper is done; `gained` when polkit took the authentication.
    case completed(gained: Bool)
}
