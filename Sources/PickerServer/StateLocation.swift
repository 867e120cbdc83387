#if canImport(Glibc)
import Glibc
#endif

/// Where durable state lives, first match wins: `--state-dir`;
/// `$STATE_DIRECTORY` (systemd's StateDirectory=); `$XDG_STATE_HOME/pickerd`;
/// `~/.local/state/pickerd`.
public enum StateLocation {
    public static func resolve(explicit: String?, environment: [String: String], home: String?) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        // systemd may pass several directories separated by colons; the first is ours.
        if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first { return String(fromSystemd) }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/pickerd" }
        return (home ?? "/tmp") + "/.local/state/pickerd"
    }

    /// Creates the directory (and missing parents) with mode 0700.
    static func create(_ path: String) throws(StartupError) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            var info = stat()
            if stat(built, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw StartupError("\(built) is not a directory, so state cannot be kept in \(path)")
                }
                continue
            }
            guard mkdir(built, 0o700) == 0 || errno == EEXIST else {
                throw StartupError("cannot create the state directory \(built): \(String(cString: strerror(errno)))")
            }
        }
    }
}
