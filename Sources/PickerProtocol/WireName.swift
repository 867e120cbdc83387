import PickerJSON

/// Every member name of the protocol's messages (PROTOCOL.md), each spelled
/// here once: JSON-RPC's envelope, the methods' params, and the members of
/// results, events and errors. The types of the protocol read and write
/// their members through it; a method declares the params it takes
/// (`PickerMethod.parameters`).
public enum WireName: String, MemberName, CaseIterable, Sendable {
    // JSON-RPC
    case jsonrpc, id, method, params, result, error, code, message, data
    /// An error's `data.field`: the param at fault. `data.limit`: the limit reached.
    case field, limit
    // params
    case window, value, kind, title, level, options, tag, hidden, wait, all
    case timeoutMs = "timeout_ms"
    case `default`
    case onDisconnect = "on_disconnect"
    case includeHidden = "include_hidden"
    case events, windows, subscription, client, `protocol`
    /// hello's and an outcome's `by`: the remote host a relay on the daemon's machine speaks for.
    case remote
    // windows and outcomes
    case base, state, key, deadline, owner, reason, by, at, uid, pid
    case levelName = "level_name"
    case createdAt = "created_at"
    /// Who asks: the owner's `user` name and `command`; what a clamped `present` asked (`clamped_from`).
    case user, command
    case clampedFrom = "clamped_from"
    case outcomes, dismissed
    /// An error's `data.outcome` (-32004) and `data.known` kinds (-32010).
    case outcome, known
    // plugins
    case summary
    case checkedBy = "checked_by"
    // events
    case seq, type
    // hello and status
    case server, version, levels, kinds, permissions, limits
    case uptimeMs = "uptime_ms"
    case visible, connections, subscriptions, counters, presented
    // quiet hours
    case quiet, below, until, off, waiting
    case belowName = "below_name"
    // file windows: `present`'s `browsable`, and `browse`'s params and listing
    case browsable, path, entries, truncated, name, size
}
