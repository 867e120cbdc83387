#if canImport(Glibc)
import Glibc
#endif

/// sshd's StrictModes for what pickerd reads presets from and runs: a file
/// that another user may change lets that user run code as pickerd's user.
/// A path is safe when the file itself and every directory its lookup goes
/// through (up to `/`, and through every symbolic link followed) belong to
/// pickerd's user or root and are writable by no one else. A directory that
/// others may write but that has the sticky bit and belongs to root or
/// pickerd's user (like `/tmp`) may be passed through: others can add names
/// there but not replace ours. A symbolic link must belong to pickerd's user or
/// root too, since its owner can replace it even in a sticky directory.
///
/// The check is made when presets are loaded and again before a program is
/// started; between the two only pickerd's user or root could change the files.
struct StrictModes {
    enum Kind {
        case file
        case directory
    }

    /// pickerd's effective uid.
    let uid: uid_t
    /// Directories already found safe during this check.
    private var safeDirectories: Set<String> = []

    init(uid: uid_t = geteuid()) {
        self.uid = uid
    }

    /// Why `path` (absolute) may not be trusted, naming the file or directory at fault; nil if it may.
    mutating func problem(with path: String, expecting kind: Kind) -> String? {
        guard path.hasPrefix("/") else { return "\(path) is not an absolute path" }
        var pending = Self.components(of: path)
        var resolved: [String] = []
        var links = 0
        while !pending.isEmpty {
            let name = pending.removeFirst()
            if name == "." { continue }
            if name == ".." {
                // `resolved` holds no links, so its parent is the real one.
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let directory = Self.path(resolved)
            if let problem = problemWithDirectory(directory) { return problem }
            let entry = directory == "/" ? "/" + name : directory + "/" + name
            var info = stat()
            guard lstat(entry, &info) == 0 else { return "\(entry): \(String(cString: strerror(errno)))" }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(name)
                continue
            }
            if let problem = problemWithOwner(entry, info) { return problem }
            links += 1
            guard links <= 40, let target = Self.readLink(entry) else {
                return "\(entry): a link that cannot be followed"
            }
            if target.hasPrefix("/") { resolved = [] }
            pending = Self.components(of: target) + pending
        }
        let final = Self.path(resolved)
        var info = stat()
        guard lstat(final, &info) == 0 else { return "\(final): \(String(cString: strerror(errno)))" }
        switch kind {
        case .file where info.st_mode & S_IFMT != S_IFREG: return "\(final) is not a regular file"
        case .directory where info.st_mode & S_IFMT != S_IFDIR: return "\(final) is not a directory"
        default: break
        }
        return problemWithOwner(final, info) ?? problemWithMode(final, info, stickyPasses: false)
    }

    private mutating func problemWithDirectory(_ directory: String) -> String? {
        guard !safeDirectories.contains(directory) else { return nil }
        var info = stat()
        guard stat(directory, &info) == 0 else { return "\(directory): \(String(cString: strerror(errno)))" }
        if let problem = problemWithOwner(directory, info) ?? problemWithMode(directory, info, stickyPasses: true) {
            return problem
        }
        safeDirectories.insert(directory)
        return nil
    }

    private func problemWithOwner(_ path: String, _ info: stat) -> String? {
        guard info.st_uid != uid, info.st_uid != 0 else { return nil }
        return "\(path) is owned by uid \(info.st_uid), not by pickerd's uid \(uid) or root"
    }

    private func problemWithMode(_ path: String, _ info: stat, stickyPasses: Bool) -> String? {
        guard info.st_mode & 0o022 != 0 else { return nil }
        if stickyPasses, info.st_mode & S_IFMT == S_IFDIR, info.st_mode & S_ISVTX != 0 { return nil }
        return "\(path) is writable by group or others (mode \(Self.octal(info.st_mode & 0o7777)))"
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private static func components(of path: String) -> [String] {
        path.split(separator: "/").map(String.init)
    }

    private static func path(_ components: [String]) -> String {
        "/" + components.joined(separator: "/")
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
