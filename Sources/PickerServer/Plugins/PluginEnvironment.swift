#if canImport(Glibc)
import Glibc
#endif

/// The whole environment of a plugin program. Nothing of the daemon's own is
/// passed but `HOME` and `TZ`: the daemon's environment may hold secrets (an
/// API token for something else) and settings that change how programs
/// behave (LD_PRELOAD, PYTHONPATH, locale), and a plugin needs none of them.
///
///     PATH=/usr/local/bin:/usr/bin:/bin
///     LANG=C.UTF-8
///     HOME=<the daemon's HOME, or />
///     TZ=<the daemon's TZ, only when it is set>
///     PICKERD_KIND=<the preset's kind>
enum PluginEnvironment {
    static let path = "/usr/local/bin:/usr/bin:/bin"

    static func variables(kind: String) -> [String] {
        var variables = ["PATH=\(path)", "LANG=C.UTF-8", "HOME=\(daemonVariable("HOME") ?? "/")"]
        if let zone = daemonVariable("TZ") { variables.append("TZ=\(zone)") }
        variables.append("PICKERD_KIND=\(kind)")
        return variables
    }

    private static func daemonVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
