extension DaemonConfiguration {
    /// The text of `config/pickerd.json`, built in so `pickerd` runs without any
    /// file. A test keeps the two identical.
    public static let defaultText = #"""
        {
          "//": "pickerd's default configuration. Every key is shown with its default value. Keys named // are comments; any other unknown key is an error. Check a file with: pickerd --check-config --config FILE",
          "socket": {
            "//": "Modes of the socket and of its parent directory when pickerd creates it (octal strings). The socket path is --socket, else $PICKERD_SOCKET, else $XDG_RUNTIME_DIR/pickerd/pickerd.sock, else /tmp/pickerd-$UID/pickerd.sock.",
            "mode": "0600",
            "directory_mode": "0700"
          },
          "limits": {
            "//": "What one line, connection or user may take; -32006 with data.limit naming the key when one is reached. A line longer than max_line_bytes gets -32001 and the connection closes; a partial line held longer than partial_line_timeout_ms gets -32006 and the connection closes. max_event_queue: events a subscriber may leave unread before it is disconnected. max_write_backlog_bytes: answers and events waiting for one user's connections to read them (one connection's, for the daemon's own user and root); past it the connection adding more is closed, and a connection that is behind is not read meanwhile. idle_timeout_ms: a connection holding no window, waiter or subscription is closed after this long without a request (0: never). The *_per_user quotas apply to every user but the daemon's own and root, who also keep the last tenth of max_windows and max_connections (pickerd lowers max_connections to what its open-file limit allows). max_outcomes_per_user: outcomes kept for wait and history per user who presented the windows. Titles, messages and tags longer than their max_*_bytes are refused.",
            "max_line_bytes": 1048576,
            "partial_line_timeout_ms": 10000,
            "max_depth": 64,
            "max_event_queue": 10000,
            "max_batch": 1000,
            "max_write_backlog_bytes": 16777216,
            "idle_timeout_ms": 300000,
            "max_windows": 100000,
            "max_windows_per_connection": 10000,
            "max_windows_per_user": 1000,
            "max_connections": 65536,
            "max_connections_per_user": 128,
            "max_subscriptions_per_connection": 64,
            "max_subscriptions_per_user": 256,
            "max_waiters_per_connection": 10000,
            "max_waiters_per_user": 10000,
            "max_outcomes_per_user": 1000,
            "max_title_bytes": 1024,
            "max_message_bytes": 16384,
            "max_tag_bytes": 256
          },
          "levels": {
            "//": "Extra level names, each an integer in [-100000, 100000]. normal (0), statusBar (1000) and alert (2000) are built in."
          },
          "timeouts": {
            "//": "default_ms applies when present gives no timeout_ms (0: none); max_ms is the longest timeout_ms accepted.",
            "default_ms": 0,
            "max_ms": 604800000
          },
          "windows": {
            "//": "A window presented with on_disconnect dismiss (pickerctl's default while it waits) ends as owner_gone reattach_ms after its asker's connection closed, or after the daemon restarted, unless the asker comes back first (a wait from the same user adopts it; 0: at once). One presented with keep outlives its owner's connection owner_grace_ms (0: forever).",
            "owner_grace_ms": 0,
            "reattach_ms": 5000
          },
          "state": {
            "//": "durable keeps windows, outcomes and window ids in SQLite in the state directory (--state-dir, else $STATE_DIRECTORY, else $XDG_STATE_HOME/pickerd, else ~/.local/state/pickerd), committed before any answer acknowledges them; memory keeps nothing on disk, and windows end with reason shutdown when the daemon stops. Outcomes are kept for wait and history for retention_ms, at most max_outcomes of them in all (and limits.max_outcomes_per_user of one user's; when there are too many, the oldest of whoever keeps the most goes).",
            "durability": "durable",
            "retention_ms": 600000,
            "max_outcomes": 10000
          },
          "permissions": {
            "//": "The daemon's own user and root may do everything; anyone else nothing, unless a rule grants it. A rule names one user, group, uid or gid and allows some of: present, answer, manage, observe, admin, alert (or all). alert lets a window stand above statusBar (without it present clamps the level to statusBar, and set_level above it is refused). Example: {\"group\": \"staff\", \"allow\": [\"observe\"]}",
            "rules": []
          },
          "log": {
            "//": "trace, debug, info, notice, warning, error or critical. Connections are logged at debug, windows at info.",
            "level": "info"
          },
          "plugins": {
            "//": "presets_dir: a folder of preset files (*.json), each a new kind made from a built-in one, e.g. {\"kind\": \"flavor\", \"base\": \"custom\", \"options\": {\"columns\": [[\"Orange\", \"Melon\"]]}, \"title\": \"Pick a flavor\"}. options are fixed, defaults may be overridden by a present; exec names a program that checks values (README). null: plugins.d beside the config file (none for the built-in config). Re-read on reload; a bad file is logged with its key and skipped. timeout_ms: how long such a program may take to answer.",
            "presets_dir": null,
            "timeout_ms": 2000
          },
          "time_zone": null
        }

        """#
}
