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
        guard let file = fopen(path, "r") else {
            let reason = String(cString: strerror(errno))
            return .failure(ConfigProblems([ConfigProblem(path: path, message: "cannot be read: \(reason)")], concernTheFile: true))
        }
        defer { fclose(file) }
        if let distrust = distrust(of: fileno(file)) {
            return .failure(ConfigProblems([ConfigProblem(path: path, message: distrust)], concernTheFile: true))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count {
                if ferror(file) != 0 {
                    return .failure(ConfigProblems([ConfigProblem(path: path, message: "cannot be read: \(String(cString: strerror(errno)))")], concernTheFile: true))
                }
                break
            }
            if bytes.count > 16 << 20 {
                return .failure(ConfigProblems([ConfigProblem(path: path, message: "is larger than 16 MiB; is it the right file?")], concernTheFile: true))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }

    /// Why the open file cannot be trusted, or nil.
    private static func distrust(of descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return "cannot be checked: \(String(cString: strerror(errno)))" }
        if info.st_uid != geteuid(), info.st_uid != 0 {
            return "belongs to uid \(info.st_uid), not to pickerd's user or root; it is not trusted (chown it)"
        }
        if info.st_mode & 0o022 != 0 {
            return "may be changed by its group or others (mode \(String(info.st_mode & 0o7777, radix: 8))); it is not trusted (chmod go-w)"
        }
        return nil
    }
}
