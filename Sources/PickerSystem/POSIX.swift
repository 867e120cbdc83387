#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The few system calls every part of pickerd wraps the same way: whole
/// files, whole writes, the environment and errno's sentence. Foundation is
/// not needed (pickerd does not load it).
public enum POSIX {
    /// errno's text, such as "No such file or directory".
    public static func message(for code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// A whole file's bytes, or errno's sentence; nil bytes past `limit`
    /// (the file is then larger than anything it should be).
    public static func readFile(_ path: String, limit: Int = 16 << 20) -> Result<[UInt8]?, ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(message: message())) }
        defer { close(descriptor) }
        return readAll(from: descriptor, limit: limit)
    }

    /// What `readFile` gives, from a descriptor already open (whose owner and
    /// mode the caller may have checked first).
    public static func readAll(from descriptor: Int32, limit: Int = 16 << 20) -> Result<[UInt8]?, ReadFailure> {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(message: message()))
            }
            if count == 0 { return .success(bytes) }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > limit { return .success(nil) }
        }
    }

    /// A whole file's bytes, or nil when it cannot be read or passes `limit`.
    public static func contents(of path: String, limit: Int = 16 << 20) -> [UInt8]? {
        (try? readFile(path, limit: limit).get()) ?? nil
    }

    /// A whole text file, or nil when it cannot be read or passes `limit`.
    public static func text(of path: String, limit: Int = 16 << 20) -> String? {
        contents(of: path, limit: limit).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes all of `bytes` (retrying short writes and EINTR); whether it did.
    @discardableResult
    public static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Whether `path` is a directory (following links).
    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Why `folder` is not a folder of this user's that only they may write
    /// to (a file there can be trusted, and read by no one else when made
    /// 0600); nil when it is. A symbolic link is not such a folder.
    public static func problem(withOwnFolder folder: String) -> String? {
        var status = stat()
        guard lstat(folder, &status) == 0 else { return "cannot read \(folder): \(message())" }
        guard status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid(), status.st_mode & 0o022 == 0 else {
            return "\(folder) is not a folder of yours that only you may write to"
        }
        return nil
    }

    /// The process environment.
    public static func environment() -> [String: String] {
        var result: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            cursor += 1
        }
        return result
    }

    /// Why a file could not be read: errno's sentence.
    public struct ReadFailure: Error, Sendable, Equatable {
        public var message: String
    }
}
