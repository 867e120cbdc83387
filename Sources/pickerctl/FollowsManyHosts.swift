import ArgumentParser

/// A command that follows several daemons at once (`ui`, `web`, `notify`):
/// only these take `--host` more than once. Any other command talks to one
/// daemon, and a second `--host` is refused rather than one of them being
/// silently dropped (a `submit` must not reach a host the person did not mean).
protocol FollowsManyHosts {}

/// An `@OptionGroup`, seen through `Mirror` without knowing its type.
private protocol OptionGroupContents {
    var contents: Any { get }
}

extension OptionGroup: OptionGroupContents {
    fileprivate var contents: Any { wrappedValue }
}

extension GlobalOptions {
    /// Throws when `command` talks to one daemon and was given `--host` more
    /// than once (its `GlobalOptions` may lie in a group of its options).
    static func checkHostCount(of command: any ParsableCommand) throws {
        guard !(command is FollowsManyHosts) else { return }
        func hostCount(_ value: Any) -> Int {
            if let global = value as? GlobalOptions { return global.hosts.count }
            return Mirror(reflecting: value).children.lazy.compactMap { ($0.value as? OptionGroupContents)?.contents }
                .map(hostCount).max() ?? 0
        }
        let count = hostCount(command)
        if count > 1 {
            throw ValidationError("--host is given \(count) times; only ui, web and notify follow several hosts")
        }
    }
}
