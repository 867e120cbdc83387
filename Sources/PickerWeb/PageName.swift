import PickerJSON

/// The member names pickerweb's interface adds to the protocol's (docs/web.md),
/// each spelled here once; the protocol's own names come from `WireName`.
enum PageName: String, MemberName {
    /// `state`: whether pickerd is connected, why not, and the server's clock.
    case connected, reason, now
    /// `state.quiet`: quiet hours, and how many windows wait behind them.
    case quiet, waiting
    /// A window, and each field of a form's options: the built-in kind it is
    /// drawn as; a window: whether any value is secret.
    case shape, secure
    /// A window: who asks, as `WhoAsks` says it (`text`), and whether that is another user.
    case asker, text
    case anotherUser = "another_user"
    /// With several hosts: a window's host label (`host`), and `state.hosts`,
    /// each host's `label`, whether it is `connected` and, while away, its `reason`.
    case host, hosts, label
    /// An error body: its sentence.
    case error
}
