import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// Reads a config file's text, or says in one problem why it cannot.
///
/// Whoever can change the config decides who may do what and which programs
/// run, so, as sshd does with the files it trusts, a file that belongs to
/// another user than pickerd's or root, or that its group or others may
/// write, is refused.
public enum ConfigFile {
    public static func read(_ path: String) -> Result<String, ConfigProblems> {
        func problem(_ message: String) -> Result<String, ConfigProblems> {
            .failure(ConfigProblems([ConfigProblem(path: path, message: message)], concernTheFile: true))
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return problem("cannot be read: \(POSIX.message())") }
        defer { close(descriptor) }
        // Checked on the open file, so it cannot be swapped between the check and the read.
        if let distrust = distrust(of: descriptor) { return problem(distrust) }
        switch POSIX.readAll(from: descriptor, limit: 16 << 20) {
        case .failure(let failure): return problem("cannot be read: \(failure.message)")
        case .success(nil): return problem("is larger than 16 MiB; is it the right file?")
        case .success(let bytes?): return .success(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Why the open file cannot be trusted, or nil.
    private static func distrust(of descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot be checked: \(String(cString: strerror(errno)))" }
        if info.st_uid != geteuid(), info.st_uid != 0 {
            return "belongs to uid \(info.st_uid), not to pickerd's user or root; it is not trusted (chown it)"
        }
        if info.st_mode & 0o022 != 0 {
            return
                "may be changed by its group or others (mode \(String(info.st_mode & 0o7777, radix: 8))); it is not trusted (chmod go-w)"
        }
        return nil
    }
}
