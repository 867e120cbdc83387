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

    /// The directory to keep state in, made ready: `path` created and checked
    /// (`create`), or, when `path` is the link systemd made for this service,
    /// the directory it leads to (`systemdPrivateDirectory`).
    static func prepare(_ path: String, environment: [String: String]) throws(StartupError) -> String {
        if let real = try systemdPrivateDirectory(behind: path, environment: environment) { return real }
        try create(path)
        return path
    }

    /// With `DynamicUser=yes`, systemd keeps the state in
    /// `/var/lib/private/NAME` (a directory only root may pass) and makes
    /// `$STATE_DIRECTORY`, `/var/lib/NAME`, a link to `private/NAME`. When
    /// `path` is that link, the real directory, checked: every directory and
    /// link on the way belongs to root or pickerd's user and is writable by
    /// no one else (`StrictModes`), the link leads to `private/NAME` beside it
    /// and nowhere else, and the directory is pickerd's (`checkOwnership`).
    /// nil when `path` is not a link or not `$STATE_DIRECTORY`: any other link
    /// is refused by `create`.
    static func systemdPrivateDirectory(behind path: String, environment: [String: String]) throws(StartupError)
        -> String?
    {
        guard environment["STATE_DIRECTORY"]?.split(separator: ":").first.map(String.init) == path else { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        let parent = String(path.dropLast(name.count + 1))
        let expected = (parent.isEmpty ? "" : parent) + "/private/" + name
        var strictModes = StrictModes()
        if let problem = strictModes.problem(with: path, expecting: .directory) {
            throw StartupError("the state directory \(path) that systemd gave cannot be trusted: \(problem)")
        }
        guard let real = realpath(path, nil) else {
            throw StartupError("cannot resolve the state directory \(path): \(String(cString: strerror(errno)))")
        }
        defer { free(real) }
        guard String(cString: real) == expected else {
            throw StartupError(
                "the state directory \(path) is a symbolic link to \(String(cString: real)), not to \(expected) as systemd makes it for DynamicUser=yes; make it a directory of uid \(geteuid()) with mode 0700, or choose another with --state-dir"
            )
        }
        try checkOwnership(ofDirectory: expected)
        return expected
    }

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
            throw StartupError(
                "the state directory \(path) belongs to uid \(info.st_uid), not to pickerd's uid \(geteuid()); \(advice)"
            )
        }
        guard info.st_mode & 0o022 == 0 else {
            throw StartupError(
                "the state directory \(path) is writable by others (mode \(String(info.st_mode & 0o7777, radix: 8))); \(advice)"
            )
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
        guard lstat(path, &info) == 0 else {
            throw StartupError("cannot read \(path): \(String(cString: strerror(errno)))")
        }
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
