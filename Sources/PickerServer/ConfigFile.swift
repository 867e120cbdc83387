#if canImport(Glibc)
import Glibc
#endif

/// Reads a config file's text, or says in one problem why it cannot.
public enum ConfigFile {
    public static func read(_ path: String) -> Result<String, ConfigProblems> {
        guard let file = fopen(path, "r") else {
            let reason = String(cString: strerror(errno))
            return .failure(ConfigProblems([ConfigProblem(path: path, message: "cannot be read: \(reason)")]))
        }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count > 0 { bytes.append(contentsOf: chunk[0..<count]) }
            if count < chunk.count { break }
            if bytes.count > 16 << 20 {
                return .failure(ConfigProblems([ConfigProblem(path: path, message: "is larger than 16 MiB; is it the right file?")]))
            }
        }
        return .success(String(decoding: bytes, as: UTF8.self))
    }
}
