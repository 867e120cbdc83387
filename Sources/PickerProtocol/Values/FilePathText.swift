#if canImport(Glibc)
import Glibc
#endif

/// A `file` window's paths as text (PROTOCOL.md, `file`): the daemon, the
/// asker and the front-ends read and build them here, and none of them
/// touches a file doing so. Only the asker, which lists with its own
/// rights, resolves symbolic links.
public enum FilePathText {
    /// The longest path accepted, in bytes (Linux's PATH_MAX).
    public static let longestPath = 4096
    /// The longest name of one entry, in bytes (Linux's NAME_MAX).
    public static let longestName = 255

    /// Whether `path` is absolute and normalized: it starts with `/`, and has
    /// no empty, `.` or `..` component, no trailing `/` (except `/` itself)
    /// and no NUL; at most `longestPath` bytes.
    public static func isNormalizedAbsolute(_ path: String) -> Bool {
        guard path.hasPrefix("/"), path.utf8.count <= longestPath, !path.utf8.contains(0) else { return false }
        if path == "/" { return true }
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).dropFirst().allSatisfy {
            component in
            !component.isEmpty && !component.elementsEqual(".".utf8) && !component.elementsEqual("..".utf8)
        }
    }

    /// Whether normalized `path` is `root` or below it.
    public static func isInside(_ path: String, root: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// Whether `name` can be one entry of a directory: not empty, `.` or
    /// `..`, no `/` or NUL, at most `longestName` bytes. Newlines and
    /// escapes are allowed (a file may be called that); front-ends show
    /// them escaped.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && name.utf8.count <= longestName
            && !name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == 0 })
    }

    /// `name` in `directory`.
    public static func joined(_ directory: String, _ name: String) -> String {
        directory == "/" ? "/" + name : directory + "/" + name
    }

    /// The directory holding normalized `path` (`/` for `/` itself).
    public static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// The last component of normalized `path` (empty for `/`).
    public static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// Whether an entry's name is hidden (starts with a dot).
    public static func isHidden(_ name: String) -> Bool { name.hasPrefix(".") }

    /// Whether `name` matches one of the glob `patterns` (`*.png`), as the
    /// shell matches them (fnmatch); no patterns match everything.
    public static func matches(_ name: String, patterns: [String]) -> Bool {
        patterns.isEmpty || patterns.contains { fnmatch($0, name, 0) == 0 }
    }
}
