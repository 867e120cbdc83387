#if canImport(Glibc)
import Glibc
#endif

/// A file as the file system knows it (device and inode), not by its path.
struct FileIdentity: Equatable {
    var device: UInt64 = 0
    var inode: UInt64 = 0

    init() {}

    /// The file at `path` now; all zero when there is none.
    init(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
