#if canImport(Glibc)
import Glibc
#endif

/// Where durable state lives, first match wins: `--state-dir`;
/// `$STATE_DIRECTORY` (systemd's StateDirectory=); `$XDG_STATE_HOME/pickerd`;
/// `~/.local/state/pickerd`. Never a shared place: without any of them there
/// is no state directory, and durable state refuses to start.
public enum StateLocation {
    public static func resolve(explicit: String?, environment: [String: String], home: String?) -> String? {
        if let explicit, !explicit.isEmpty { return explicit }
        // systemd may pass several directories separated by colons; the first is ours.
        if let fromSystemd = environment["STATE_DIRECTORY"]?.split(separator: ":").first { return String(fromSystemd) }
        if let xdg = environment["XDG_STATE_HOME"], !xdg.isEmpty { return xdg + "/pickerd" }
        guard let home, home.hasPrefix("/"), home != "/" else { return nil }
        return home + "/.local/state/pickerd"
    }

    static let noDirectory = StartupError(
        "there is no place for durable state: HOME is not set; set HOME or XDG_STATE_HOME, pass --state-dir, or set state.durability to memory"
    )

    /// Creates the directory (and missing parents) with mode 0700, then checks
    /// that no one else can change what is in it.
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
        try checkOwnership(ofDirectory: path)
    }

    /// The state directory itself must be a real directory (not a symlink),
    /// belong to the daemon's user, and be writable by no one else: whoever
    /// can write there can replace the database under pickerd.
    static func checkOwnership(ofDirectory path: String) throws(StartupError) {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw StartupError("cannot read the state directory \(path): \(String(cString: strerror(errno)))")
        }
        let advice = "make it a directory of uid \(geteuid()) with mode 0700, or choose another with --state-dir"
        guard info.st_mode & S_IFMT == S_IFDIR else {
            throw StartupError("the state directory \(path) is a symbolic link; \(advice)")
        }
        guard info.st_uid == geteuid() else {
            throw StartupError("the state directory \(path) belongs to uid \(info.st_uid), not to pickerd's uid \(geteuid()); \(advice)")
        }
        guard info.st_mode & 0o022 == 0 else {
            throw StartupError(
                "the state directory \(path) is writable by others (mode \(String(info.st_mode & 0o7777, radix: 8))); \(advice)")
        }
    }

    /// Makes `path` a regular file of the daemon's user that only it may read
    /// (0600), creating it if it is missing. SQLite gives its journal files
    /// the database's mode, so they are private too. A file of another user
    /// is refused: it could be read or swapped by them.
    static func preparePrivateFile(_ path: String) throws(StartupError) {
        let created = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if created >= 0 {
            close(created)
            return
        }
        guard errno == EEXIST else {
            throw StartupError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        var info = stat()
        guard lstat(path, &info) == 0 else { throw StartupError("cannot read \(path): \(String(cString: strerror(errno)))") }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StartupError("\(path) is not a regular file; move it aside to start with no state")
        }
        guard info.st_uid == geteuid() else {
            throw StartupError(
                "\(path) belongs to uid \(info.st_uid), not to pickerd's uid \(geteuid()); someone else may read or replace it: move it aside"
            )
        }
        if info.st_mode & 0o077 != 0, chmod(path, 0o600) != 0 {
            throw StartupError("cannot make \(path) private (mode 0600): \(String(cString: strerror(errno)))")
        }
    }
}
