import PickerClient
import PickerSystem

#if canImport(Glibc)
import Glibc
#endif

/// What changed in the request directory.
enum DirectoryChange: Sendable, Equatable {
    /// A file was written and closed, or moved in (how systemd publishes a request).
    case appeared(String)
    /// A file was removed or moved out (the asker is done, or gone).
    case vanished(String)
    /// Events were lost: read the directory again.
    case overflowed
    /// The directory itself was removed or unmounted.
    case directoryGone
}

/// inotify on the request directory (the descriptor's, through /proc), read
/// on a thread of its own until `stop`. The protocol's "watch for
/// IN_CLOSE_WRITE|IN_MOVED_TO", plus removals, which end a request's window.
final class DirectoryWatch: Sendable {
    let changes: AsyncStream<DirectoryChange>
    private let stopWriter: Int32

    static func start(_ directory: AskDirectory) -> Result<DirectoryWatch, AgentFailure> {
        let inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else {
            return .failure(AgentFailure(.internalError, "cannot start inotify: \(POSIX.message())"))
        }
        let mask = IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_DELETE_SELF | IN_ONLYDIR
        guard inotify_add_watch(inotify, directory.procPath, UInt32(mask)) >= 0 else {
            let message = POSIX.message()
            close(inotify)
            return .failure(AgentFailure(.internalError, "cannot watch \(directory.path): \(message)"))
        }
        // A socket pair rather than a pipe: telling a thread that has already
        // ended is EPIPE for send(MSG_NOSIGNAL), not a SIGPIPE.
        var ends: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            close(inotify)
            return .failure(AgentFailure(.internalError, "cannot make a socket pair: \(POSIX.message())"))
        }
        let (changes, continuation) = AsyncStream<DirectoryChange>.makeStream()
        let watch = DirectoryWatch(changes: changes, stopWriter: ends[1])
        let stopReader = ends[0]
        POSIX.startThread {
            Self.readLoop(inotify: inotify, stopReader: stopReader, directory: directory, into: continuation)
            close(stopReader)
            close(inotify)
        }
        return .success(watch)
    }

    private init(changes: AsyncStream<DirectoryChange>, stopWriter: Int32) {
        self.changes = changes
        self.stopWriter = stopWriter
    }

    deinit {
        stop()
        close(stopWriter)
    }

    /// Ends the stream and the thread.
    func stop() {
        _ = send(stopWriter, "x", 1, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
    }

    /// How often the directory is looked at between events: inotify reports
    /// its removal (IN_DELETE_SELF) only once no descriptor holds it, and the
    /// agent holds one.
    static let removalCheckMilliseconds: Int32 = 1000

    private static func readLoop(
        inotify: Int32, stopReader: Int32, directory: AskDirectory,
        into continuation: AsyncStream<DirectoryChange>.Continuation
    ) {
        defer { continuation.finish() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&descriptors, 2, removalCheckMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                if directory.isRemoved {
                    continuation.yield(.directoryGone)
                    return
                }
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            for change in Self.changes(in: buffer[0..<count]) {
                continuation.yield(change)
                if change == .directoryGone { return }
            }
        }
    }

    /// The changes a read of inotify events holds: `struct inotify_event`
    /// (wd, mask, cookie, len, then len bytes of NUL-padded name), one after another.
    static func changes(in bytes: ArraySlice<UInt8>) -> [DirectoryChange] {
        var changes: [DirectoryChange] = []
        var offset = bytes.startIndex
        let header = 16
        func word(_ at: Int) -> UInt32 {
            bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: at - bytes.startIndex, as: UInt32.self) }
        }
        while offset + header <= bytes.endIndex {
            let mask = word(offset + 4)
            let length = Int(word(offset + 12))
            let nameEnd = min(offset + header + length, bytes.endIndex)
            let name = String(decoding: bytes[(offset + header)..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            offset = nameEnd
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                changes.append(.overflowed)
            } else if mask & UInt32(IN_DELETE_SELF | IN_UNMOUNT | IN_IGNORED) != 0 {
                changes.append(.directoryGone)
            } else if mask & UInt32(IN_CLOSE_WRITE | IN_MOVED_TO) != 0 {
                changes.append(.appeared(name))
            } else if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                changes.append(.vanished(name))
            }
        }
        return changes
    }
}
