import PickerProtocol
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// Where systemd's password requests wait: `/run/systemd/ask-password` for
/// the system's, `$XDG_RUNTIME_DIR/systemd/ask-password` for a user's own.
public enum AskPasswordLocation {
    public static let system = "/run/systemd/ask-password"

    /// The system's directory for root, the user's otherwise; nil when a user
    /// has no `$XDG_RUNTIME_DIR`.
    public static func standard(euid: UInt32 = geteuid(), environment: [String: String]) -> String? {
        if euid == 0 { return system }
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return nil }
        return runtime + "/systemd/ask-password"
    }
}

/// The request directory, opened once and checked: whoever may write to it
/// decides where a typed password goes (its files name the socket), so it must
/// belong to root or this user and be writable by no one else, as
/// `/run/systemd/ask-password` (root's, 0755) and the user's runtime
/// directory are. Everything after that goes through its descriptor: files
/// are opened relative to it without following links, and answers are sent
/// through `/proc/self/fd/N/…`, so renaming or replacing the path later
/// changes nothing.
public final class AskDirectory: Sendable {
    public let path: String
    let descriptor: Int32
    let device: UInt64
    let inode: UInt64
    /// Who may have written a request: root, and this user.
    let trustedOwners: Set<UInt32>

    private init(path: String, descriptor: Int32, device: UInt64, inode: UInt64, trustedOwners: Set<UInt32>) {
        self.path = path
        self.descriptor = descriptor
        self.device = device
        self.inode = inode
        self.trustedOwners = trustedOwners
    }

    deinit { close(descriptor) }

    /// Opens `path` (making it, 0755, with its missing parents when `create`).
    public static func open(_ path: String, create: Bool) -> Result<AskDirectory, AgentFailure> {
        guard path.hasPrefix("/") else {
            return .failure(AgentFailure(.usage, "the request directory must be an absolute path, not '\(path)'"))
        }
        if create { makeDirectories(path) }
        let descriptor = Glibc.open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            let why =
                code == ELOOP || code == ENOTDIR ? "it is a symbolic link or not a directory" : POSIX.message(for: code)
            return .failure(
                AgentFailure(
                    code == ENOENT ? .unavailable : .permissionDenied,
                    "cannot open the request directory \(path): \(why)"))
        }
        var status = stat()
        fstat(descriptor, &status)
        let owners: Set<UInt32> = [0, geteuid()]
        guard owners.contains(status.st_uid), status.st_mode & 0o022 == 0 else {
            Glibc.close(descriptor)
            let mode = String(status.st_mode & 0o7777, radix: 8)
            return .failure(
                AgentFailure(
                    .permissionDenied,
                    "\(path) belongs to uid \(status.st_uid) with mode \(mode): only root or you may own it and no one else write to it, since whoever writes a request there decides where the password goes"
                ))
        }
        let directory = AskDirectory(
            path: path, descriptor: descriptor, device: UInt64(status.st_dev), inode: UInt64(status.st_ino),
            trustedOwners: owners)
        // Answers go through /proc/self/fd: it must lead back here.
        var throughProc = stat()
        guard stat(directory.procPath, &throughProc) == 0, UInt64(throughProc.st_ino) == directory.inode,
            UInt64(throughProc.st_dev) == directory.device
        else {
            return .failure(
                AgentFailure(.unavailable, "cannot reach \(path) through \(directory.procPath); is /proc mounted?"))
        }
        return .success(directory)
    }

    private static func makeDirectories(_ path: String) {
        var built = ""
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o755) != 0, errno != EEXIST { return }
        }
    }

    /// This directory as the kernel resolves it for this process, whatever
    /// its path has become.
    var procPath: String { "/proc/self/fd/\(descriptor)" }

    /// Whether the directory was removed (it has no links left).
    var isRemoved: Bool {
        var status = stat()
        return fstat(descriptor, &status) != 0 || status.st_nlink == 0
    }

    /// The names of the `ask.*` entries that may be files, in no order.
    public func requestNames() -> [String] {
        let copy = openat(descriptor, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { Glibc.close(copy) }
            return []
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let type = entry.pointee.d_type
            guard type == UInt8(DT_REG) || type == UInt8(DT_UNKNOWN) else { continue }
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if AskEntry.isRequestName(name) { names.append(name) }
        }
        return names
    }

    /// The request in `name`, checked and parsed, or why it is not one to answer.
    public func read(_ name: String) -> Result<AskEntry, AskRefusal> {
        guard AskEntry.isRequestName(name), !name.contains("/") else { return .failure(.notARequest) }
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard file >= 0 else {
            let code = errno
            if code == ENOENT { return .failure(.gone) }
            if code == ELOOP { return .failure(.refused("it is a symbolic link")) }
            return .failure(.refused("it cannot be opened: \(POSIX.message(for: code))"))
        }
        defer { Glibc.close(file) }
        var status = stat()
        fstat(file, &status)
        let identity = FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
        guard status.st_mode & S_IFMT == S_IFREG else { return .failure(.refused("it is not a regular file")) }
        guard trustedOwners.contains(status.st_uid) else {
            return .failure(.refused("it belongs to uid \(status.st_uid), neither root nor this agent's user"))
        }
        guard status.st_mode & 0o022 == 0 else {
            return .failure(.refused("other users may write to it (mode \(String(status.st_mode & 0o7777, radix: 8)))"))
        }
        guard Int(status.st_size) <= AskFile.largestFile else {
            return .failure(.refused(AskFileProblem.tooLarge(bytes: Int(status.st_size)).description))
        }
        let bytes: [UInt8]
        switch POSIX.readAll(from: file, limit: AskFile.largestFile) {
        case .success(let read?): bytes = read
        case .success(nil): return .failure(.refused("it grew past \(AskFile.largestFile) bytes while being read"))
        case .failure(let failure): return .failure(.refused("it cannot be read: \(failure.message)"))
        }
        switch AskFile.parse(bytes) {
        case .success(let parsed):
            return .success(AskEntry(name: name, identity: identity, owner: status.st_uid, file: parsed))
        case .failure(let problem):
            return .failure(.refused(problem.description))
        }
    }

    /// The identity of the entry `name` now, without following a link.
    func identity(of name: String) -> FileIdentity? {
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Where `entry`'s answer may go. systemd's own agent sends to whatever
    /// `Socket=` names once `access(W_OK)` allows it; this agent also requires
    /// what every systemd asker does: the socket sits in this directory (so
    /// only root or this user could have put it there), is a socket and not a
    /// link, and belongs to root or to the file's owner.
    public func replyTarget(for entry: AskEntry) -> Result<ReplyTarget, AskRefusal> {
        let socket = entry.file.socket
        guard socket.hasPrefix("/"), let slash = socket.lastIndex(of: "/") else {
            return .failure(.refused("Socket=\(socket) is not an absolute path"))
        }
        let name = String(socket[socket.index(after: slash)...])
        let parent = SocketLocation.directory(of: socket)
        var parentStatus = stat()
        guard !name.isEmpty, name != ".", name != "..", stat(parent, &parentStatus) == 0,
            UInt64(parentStatus.st_dev) == device, UInt64(parentStatus.st_ino) == inode
        else {
            return .failure(.refused("Socket=\(socket) is not in \(path), where systemd's askers put their sockets"))
        }
        var status = stat()
        guard fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            return .failure(
                errno == ENOENT ? .gone : .refused("Socket=\(socket) cannot be examined: \(POSIX.message())"))
        }
        guard status.st_mode & S_IFMT == S_IFSOCK else { return .failure(.refused("Socket=\(socket) is not a socket")) }
        guard status.st_uid == 0 || status.st_uid == entry.owner else {
            return .failure(
                .refused("Socket=\(socket) belongs to uid \(status.st_uid), neither root nor the request's owner"))
        }
        guard faccessat(descriptor, name, W_OK, 0) == 0 else {
            return .failure(
                .refused("this agent may not write to Socket=\(socket) (systemd's agents skip such requests too)"))
        }
        let path = procPath + "/" + name
        guard path.utf8.count <= UnixSocket.maxPathBytes else {
            return .failure(.refused("Socket=\(socket) has a name too long to reach"))
        }
        return .success(ReplyTarget(path: path, shownAs: socket, directory: self))
    }
}

/// A file's device and inode: one request, whatever its name.
public struct FileIdentity: Sendable, Hashable {
    public var device: UInt64
    public var inode: UInt64
}

/// A request read from the directory.
public struct AskEntry: Sendable, Equatable {
    public var name: String
    public var identity: FileIdentity
    /// The file's owner: who asks.
    public var owner: UInt32
    public var file: AskFile

    static func isRequestName(_ name: String) -> Bool {
        name.hasPrefix("ask.") && name.count > 4
    }
}

/// Why an entry gets no window.
public enum AskRefusal: Error, Sendable, Equatable {
    /// Not named `ask.*`.
    case notARequest
    /// It disappeared before it could be read.
    case gone
    /// One sentence on why it is ignored.
    case refused(String)
}
