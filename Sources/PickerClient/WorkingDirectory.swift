import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The working directory, without Foundation, and paths made absolute
/// against it (a `file` window's root and start are absolute).
public enum WorkingDirectory {
    public static func path() -> String? {
        guard let pointer = getcwd(nil, 0) else { return nil }
        defer { free(pointer) }
        let path = String(cString: pointer)
        return FilePathText.isNormalizedAbsolute(path) ? path : nil
    }

    /// `path` made absolute against the working directory and normalized by
    /// its text (`.`, `..` and repeated `/` taken out; links are not resolved).
    public static func absolute(_ path: String) -> String {
        let whole = path.hasPrefix("/") ? path : (Self.path() ?? "/") + "/" + path
        var components: [Substring] = []
        for component in whole.split(separator: "/") where component != "." {
            if component == ".." { _ = components.popLast() } else { components.append(component) }
        }
        return "/" + components.joined(separator: "/")
    }
}
