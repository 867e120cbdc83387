import PickerJSON
import PickerProtocol

#if canImport(Glibc)
import Glibc
#endif

/// What the asker of a `file` window (`pickerctl file`, `pickerd-zenity
/// --file-selection`) answers when pickerd relays a front-end's `browse`:
/// one directory listed with this user's own rights, confined to the root
/// (symbolic links resolved, then checked), with at most
/// `BrowseListing.mostEntries` entries and within `mostBytes`, so that the
/// answer is one line pickerd takes.
public struct DirectoryLister: Sendable {
    public let root: String
    /// The root with its symbolic links resolved; nil when it does not exist.
    let resolvedRoot: String?
    public let showsHidden: Bool
    public let patterns: [String]
    public let directoriesOnly: Bool
    /// The most bytes of entries one answer carries (pickerd's lines are at most 1 MiB by default).
    public var mostBytes = 512 * 1024

    public init(root: String, showsHidden: Bool, patterns: [String], directoriesOnly: Bool) {
        self.root = root
        resolvedRoot = Self.resolved(root)
        self.showsHidden = showsHidden
        self.patterns = patterns
        self.directoriesOnly = directoriesOnly
    }

    /// `path` with every symbolic link resolved (realpath); nil when it does not exist.
    public static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Whether `path` is a directory (a symbolic link to one is).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Whether `path` exists and, resolved, is the root or inside it.
    public func isInside(_ path: String) -> Bool {
        guard let resolvedRoot, let real = Self.resolved(path) else { return false }
        return FilePathText.isInside(real, root: resolvedRoot)
    }

    /// The answer to one of pickerd's requests.
    public func answer(method: String, params: JSONObject) -> Result<JSON, RPCError> {
        guard method == Browse.name else {
            return .failure(RPCError(.methodNotFound, "the asker of a file window answers browse only"))
        }
        guard let request = try? Browse(params: params) else {
            return .failure(.invalidParams("browse needs window and path"))
        }
        return list(request.path).map(\.json)
    }

    /// The entries of directory `path`, which must be inside the root as
    /// written and once resolved.
    public func list(_ path: String) -> Result<BrowseListing, RPCError> {
        guard FilePathText.isNormalizedAbsolute(path), FilePathText.isInside(path, root: root), isInside(path),
            let real = Self.resolved(path)
        else {
            return .failure(.invalidParams("\(path.prefix(80)) is not a directory inside \(root.prefix(80))"))
        }
        guard let directory = opendir(real) else {
            return .failure(.invalidParams("cannot list \(path.prefix(80)): \(String(cString: strerror(errno)))"))
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [BrowseListing.Entry] = []
        var bytes = 0
        var truncated = false
        while let item = readdir(directory) {
            let (name, itemType) = Self.nameAndType(item)
            guard name != ".", name != "..", showsHidden || !FilePathText.isHidden(name),
                FilePathText.isValidName(name)
            else { continue }
            var status = stat()
            let type: BrowseListing.EntryType
            switch Int32(itemType) {
            case Int32(DT_DIR): type = .dir
            case Int32(DT_LNK): type = .link
            case Int32(DT_REG): type = .file
            default:
                guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                type =
                    status.st_mode & S_IFMT == S_IFDIR ? .dir : status.st_mode & S_IFMT == S_IFLNK ? .link : .file
            }
            if type == .file, directoriesOnly || !FilePathText.matches(name, patterns: patterns) { continue }
            var entry = BrowseListing.Entry(name: name, type: type)
            if type == .file, fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 {
                entry.size = Int64(status.st_size)
            }
            bytes += entry.json.serialized().utf8.count + 1
            guard entries.count < BrowseListing.mostEntries, bytes <= mostBytes else {
                truncated = true
                break
            }
            entries.append(entry)
        }
        entries.sort { ($0.type == .dir ? 0 : 1, $0.name) < ($1.type == .dir ? 0 : 1, $1.name) }
        return .success(BrowseListing(path: path, entries: entries, truncated: truncated))
    }

    /// The paths of a `file` window's value: one, or an array of them.
    public static func paths(in value: JSON) -> [String] {
        value.arrayValue?.compactMap(\.stringValue) ?? [value.stringValue].compactMap { $0 }
    }

    /// Why a `file` window's value (a path, or an array of them) may not be
    /// printed, or nil: the first of its paths' refusals.
    public func refusal(ofValue value: JSON, save: Bool, directory: Bool) -> String? {
        Self.paths(in: value).lazy.compactMap { refusal(of: $0, save: save, directory: directory) }.first
    }

    /// Why a chosen path may not be printed, or nil: it must resolve inside
    /// the root (a symbolic link may take it out), exist (except a new name
    /// to save, whose directory must), and be a directory when one was asked.
    public func refusal(of path: String, save: Bool, directory: Bool) -> String? {
        let shown = path
        if save, Self.resolved(path) == nil {
            let parent = FilePathText.parent(of: path)
            guard isInside(parent) else { return "\(shown) is not in a directory inside \(root): nothing was chosen" }
            return nil
        }
        guard let real = Self.resolved(path) else { return "\(shown) does not exist: nothing was chosen" }
        guard isInside(path) else {
            return "\(shown) leads outside \(root) (to \(real)) through a symbolic link: nothing was chosen"
        }
        if directory, !Self.isDirectory(real) {
            return "\(shown) is not a directory: nothing was chosen"
        }
        return nil
    }
}

extension DirectoryLister {
    /// A readdir record's name and type, read where they lie. A record is
    /// only as long as its name (`d_reclen`), so copying the whole `dirent`,
    /// as `pointee` does, reads past the end of the last record in readdir's
    /// buffer (AddressSanitizer found it listing 100,000 files). A name that
    /// is not UTF-8 is shown with U+FFFD where it is not; such a name cannot
    /// be chosen.
    static func nameAndType(_ item: UnsafeMutablePointer<dirent>) -> (name: String, type: UInt8) {
        let record = UnsafeRawPointer(item)
        let name = (record + MemoryLayout<dirent>.offset(of: \dirent.d_name)!).assumingMemoryBound(to: CChar.self)
        return (String(cString: name), (record + MemoryLayout<dirent>.offset(of: \dirent.d_type)!).load(as: UInt8.self))
    }
}
