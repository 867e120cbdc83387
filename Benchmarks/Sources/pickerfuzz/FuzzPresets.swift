#if canImport(Glibc)
import Glibc
#endif

/// The presets folder of every fuzz run, made once per process in a fresh
/// temporary directory and removed at exit: two kinds with an external
/// program (`ticket` of base text, `stamp` of base date), whose program the
/// scripted launcher stands in for. It is a real folder so that the daemon
/// reads and checks it (StrictModes) as it would any other.
enum FuzzPresets {
    static let kinds = ["ticket", "stamp"]

    static let folder: String = {
        var template = Array("/tmp/pickerfuzz-presets-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("pickerfuzz: cannot make a presets folder: \(errno)") }
        let folder = String(cString: made)
        write("\(folder)/check", "#!/bin/sh\nexit 1\n", mode: 0o755)
        write(
            "\(folder)/ticket.json",
            #"{"kind": "ticket", "base": "text", "options": {"max_length": 40}, "exec": ["check"]}"#)
        write("\(folder)/stamp.json", #"{"kind": "stamp", "base": "date", "exec": ["check", "--date"]}"#)
        // Made by then: the handler runs at exit, long after this returns.
        atexit {
            for name in ["check", "ticket.json", "stamp.json"] { unlink("\(FuzzPresets.folder)/\(name)") }
            rmdir(FuzzPresets.folder)
        }
        return folder
    }()

    private static func write(_ path: String, _ text: String, mode: mode_t = 0o644) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard descriptor >= 0 else { fatalError("pickerfuzz: cannot write \(path): \(errno)") }
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
        fchmod(descriptor, mode)
        close(descriptor)
    }
}
