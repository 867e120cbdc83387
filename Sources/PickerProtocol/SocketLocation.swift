/// Where the daemon listens and clients connect, first match wins:
/// `--socket PATH`; `$PICKERD_SOCKET`; `$XDG_RUNTIME_DIR/pickerd/pickerd.sock`;
/// `/tmp/pickerd-$UID/pickerd.sock`.
public enum SocketLocation {
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["PICKERD_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/pickerd/pickerd.sock" }
        return "/tmp/pickerd-\(uid)/pickerd.sock"
    }

    /// The directory a socket path is in (`.` for a bare name); whoever may
    /// write to it may replace the socket.
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `$XDG_RUNTIME_DIR/pickerd/web-url` (or `/tmp/pickerd-$UID/web-url`):
    /// where pickerweb leaves the page's URL, token included, for `pickerctl`
    /// to show. Beside the default socket, whatever `$PICKERD_SOCKET` says.
    public static func webURLFile(environment: [String: String], uid: UInt32) -> String {
        directory(of: resolve(explicit: nil, environment: environment.filter { $0.key != "PICKERD_SOCKET" }, uid: uid))
            + "/web-url"
    }
}
